import { Button, Tooltip, type ButtonProps } from '@mui/material';
import { useTranslate } from 'react-admin';
import { READ_ONLY_REASON } from './useReadOnly';

/**
 * A write action's button: for a read-only role (auditor) it is disabled and says why in its tooltip, the reason every
 * write control of a read-only role shows; otherwise a plain button.
 */
export const ReadOnlyButton = ({ readOnly, ...props }: ButtonProps & { readOnly: boolean }) => {
  const translate = useTranslate();
  if (!readOnly) return <Button {...props} />;
  const reason = translate(READ_ONLY_REASON);
  return (
    <Tooltip title={reason}>
      {/* a disabled button fires no events: the span carries the tooltip and is focusable for keyboard users */}
      <span tabIndex={0} aria-label={`${typeof props.children === 'string' ? props.children : ''}: ${reason}`}>
        <Button {...props} disabled />
      </span>
    </Tooltip>
  );
};
