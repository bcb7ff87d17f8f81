import { Tooltip, type TooltipProps } from '@mui/material';
import { cloneElement, useEffect, useRef, useState, type FocusEvent, type MouseEvent, type ReactElement } from 'react';

type ChildProps = { onMouseOver?: (e: MouseEvent) => void; onFocus?: (e: FocusEvent) => void };

/**
 * MUI's Tooltip, mounted on the first hover or focus of its child (issue 14). A lab table page of 200 rows carries
 * up to a thousand tooltips (every disabled row action explains itself, every patient name has a hover card); an
 * idle MUI Tooltip still costs its hooks, listeners and a cloned child per render, which made the 200-row render
 * twice its budget. Until then the child renders alone (it keeps its own aria-label); from the first hover or
 * focus on, it is a plain MUI Tooltip, opened by that first hover (after `enterDelay`) or focus.
 */
export const LazyTooltip = ({ children, enterDelay = 100, ...props }: TooltipProps & { children: ReactElement<ChildProps> }) => {
  const [armed, setArmed] = useState(false);
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  if (armed) {
    const close = () => {
      clearTimeout(timer.current);
      setOpen(false);
    };
    return (
      <Tooltip {...props} enterDelay={enterDelay} open={open} onOpen={() => setOpen(true)} onClose={close}>
        {children}
      </Tooltip>
    );
  }
  const arm = (delay: number) => {
    setArmed(true);
    timer.current = setTimeout(() => setOpen(true), delay);
  };
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
