import { useNavigate } from 'react-router';
import { MaskedRowAccess } from '../break-glass/MaskedRowAccess';
import { ActionButton } from './ActionButton';
import { kitDetailsPath, type KitDetailsState, type LabRecord } from './labRow';

/**
 * Opens /KitDetails?kitId= with the record in router state (the row click does the same; this is for the keyboard).
 * A masked row offers a licence-bound clinician "Emergency access" beside it (break-glass by the kit id).
 */
export const KitDetailsButton = ({ record }: { record: LabRecord }) => {
  const navigate = useNavigate();
  const state: KitDetailsState = { record };
  const button = (
    <ActionButton
      label="lab.kitDetails"
      variant="text"
      enabled={!record.masked}
      reason="lab.tooltipIneligible"
      onClick={() => navigate(kitDetailsPath(record.kitId), { state })}
    />
  );
  return record.masked ? <>{button}<MaskedRowAccess target={{ kitId: record.kitId }} to={kitDetailsPath(record.kitId)} /></> : button;
};
