import { useNavigate } from 'react-router';
import { ActionButton } from './ActionButton';
import { kitDetailsPath, type KitDetailsState, type LabRecord } from './labRow';

/** Opens /KitDetails?kitId= with the record in router state (the row click does the same; this is for the keyboard). */
export const KitDetailsButton = ({ record }: { record: LabRecord }) => {
  const navigate = useNavigate();
  const state: KitDetailsState = { record };
  return (
    <ActionButton
      label="lab.kitDetails"
      variant="text"
      enabled={!record.masked}
      reason="lab.tooltipIneligible"
      onClick={() => navigate(kitDetailsPath(record.kitId), { state })}
    />
  );
};
