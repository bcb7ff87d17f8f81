import { LazyTooltip } from '../shared/lab/LazyTooltip';
import { useRecordContext, useTranslate } from 'react-admin';
import { isAutoApproved, type LabRecord } from '../shared/lab/labRow';

/** Lab request Status: APPROVED, or "AUTO APPROVED" with the tooltip "per standing order" (spec 1 §2). */
export const RequestStatusField = () => {
  const translate = useTranslate();
  const record = useRecordContext<LabRecord>();
  if (!record) return null;
  if (record.status === 'APPROVED' && isAutoApproved(record.autoApproved)) {
    return (
      <LazyTooltip title={translate('lab.perStandingOrder')}>
        <span tabIndex={0}>{translate('lab.autoApproved')}</span>
      </LazyTooltip>
    );
  }
  return <span>{record.status}</span>;
};
