import { Tooltip, type TooltipProps } from '@mui/material';
import { cloneElement, useEffect, useRef, useState, type FocusEvent, type MouseEvent, type ReactElement } from 'react';

type ChildProps = { onMouseOver?: (e: MouseEvent) => void; onFocus?: (e: FocusEvent) => void };
type Props = TooltipProps & { children: ReactElement<ChildProps> };

/** The MUI Tooltip once armed: opens `openAfter` ms after it mounts (the first hover's enterDelay, 0 for a focus). */
const ArmedTooltip = ({ openAfter, enterDelay, children, ...props }: Props & { openAfter: number }) => {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    timer.current = setTimeout(() => setOpen(true), openAfter);
    return () => clearTimeout(timer.current);
  }, [openAfter]);
  // Left before the first delay passed: the tooltip does not open after all.
  const close = () => {
    clearTimeout(timer.current);
    setOpen(false);
  };
  return (
    <Tooltip {...props} enterDelay={enterDelay} open={open} onOpen={() => setOpen(true)} onClose={close}>
      {children}
    </Tooltip>
  );
};

/**
 * MUI's Tooltip, mounted on the first hover or focus of its child. A lab table page of 200 rows carries
 * up to a thousand tooltips (every disabled row action explains itself, every patient name has a hover card); an
 * idle MUI Tooltip still costs its hooks, listeners and a cloned child per render, which made the 200-row render
 * twice its budget. Until then the child renders alone (it keeps its own aria-label) and the idle wrapper holds a
 * single state; from the first hover or focus on, it is a plain MUI Tooltip, opened by that first hover (after
 * `enterDelay`) or focus.
 */
export const LazyTooltip = ({ children, enterDelay = 100, ...props }: Props) => {
  const [openAfter, arm] = useState<number | null>(null);
  if (openAfter !== null)
    return (
      <ArmedTooltip {...props} enterDelay={enterDelay} openAfter={openAfter}>
        {children}
      </ArmedTooltip>
    );
  return cloneElement(children, {
    onMouseOver: (event: MouseEvent) => {
      children.props.onMouseOver?.(event);
      arm(enterDelay);
    },
    onFocus: (event: FocusEvent) => {
      children.props.onFocus?.(event);
      arm(0);
    },
  });
};
