import type { MouseEvent } from 'react';
import { useTranslate } from 'react-admin';
import { RowButton, type RowButtonColor, type RowButtonVariant } from '../RowButton';
import { LazyTooltip } from './LazyTooltip';
import { reasonKey } from './labRow';

export interface ActionButtonProps {
  /** i18n key of the label. */
  label: string;
  enabled: boolean;
  /** Why the action is not available (tooltip of the disabled button): a rules text or an i18n key. */
  reason?: string | null;
  /** The action's call is running: the button stays disabled until the server answers. */
  pending?: boolean;
  onClick: () => void;
  color?: RowButtonColor;
  variant?: RowButtonVariant;
}

/** A row action: a small button (RowButton, light enough for 200 rows); disabled ones explain why in a tooltip (spec 1 §6). */
export const ActionButton = ({ label, enabled, reason, pending, onClick, color = 'primary', variant = 'outlined' }: ActionButtonProps) => {
  const translate = useTranslate();
  const disabled = !enabled || !!pending;
  const tooltip = !enabled && reason ? translate(reasonKey(reason) ?? reason) : '';
  const handleClick = (event: MouseEvent) => {
    event.stopPropagation();
    onClick();
  };
  const button = (
    <RowButton variant={variant} color={color} disabled={disabled} onClick={handleClick}>
      {translate(label)}
    </RowButton>
  );
  if (!tooltip) return button;
  return (
    <LazyTooltip title={tooltip}>
      {/* a disabled button fires no events: the span carries the tooltip and is focusable for keyboard users */}
      <span tabIndex={0} aria-label={`${translate(label)}: ${tooltip}`}>
        {button}
      </span>
    </LazyTooltip>
  );
};
