import RefreshIcon from '@mui/icons-material/Refresh';
import { keyframes } from '@emotion/react';
import { IconButton, Tooltip } from '@mui/material';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslate } from 'react-admin';

const spin = keyframes`from { transform: rotate(0deg); } to { transform: rotate(360deg); }`;

/** The refresh spin lasts 1 s (spec 2 §9). */
export const REFRESH_SPIN_MS = 1000;

/** A refresh icon that spins for 1 s while it re-fetches. */
export const RefreshButton = ({ onRefresh, label = 'ra.action.refresh' }: { onRefresh: () => void; label?: string }) => {
  const translate = useTranslate();
  const [spinning, setSpinning] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const click = (e: MouseEvent) => {
    e.stopPropagation();
    setSpinning(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setSpinning(false), REFRESH_SPIN_MS);
    onRefresh();
  };
  return (
    <Tooltip title={translate(label)}>
      <IconButton size="small" aria-label={translate(label)} onClick={click} data-spinning={spinning || undefined}>
        <RefreshIcon fontSize="small" sx={spinning ? { animation: `${spin} 1s linear infinite` } : undefined} />
      </IconButton>
    </Tooltip>
  );
};
