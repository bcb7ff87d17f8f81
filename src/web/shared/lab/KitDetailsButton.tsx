import { useContext } from 'react';
import { MaskedRowAccess } from '../break-glass/MaskedRowAccess';
import { ActionButton } from './ActionButton';
import { kitDetailsPath, type LabRecord } from './labRow';
import { OpenKitContext, useOpenKit } from './openKit';

interface ButtonProps {
  record: LabRecord;
  open: (record: LabRecord) => void;
}

const Button = ({ record, open }: ButtonProps) => {
  const button = (
    <ActionButton label="lab.kitDetails" variant="text" enabled={!record.masked} reason="lab.tooltipIneligible" onClick={() => open(record)} />
  );
  return record.masked ? (
    <>
      {button}
      <MaskedRowAccess target={{ kitId: record.kitId }} to={kitDetailsPath(record.kitId)} />
    </>
  ) : (
    button
  );
};

/** Outside a lab grid: the button's own router subscription. */
const RoutedButton = ({ record }: { record: LabRecord }) => <Button record={record} open={useOpenKit()} />;

/**
 * Opens /KitDetails?kitId= with the record in router state (the row click does the same; this is for the keyboard).
 * A masked row offers a licence-bound clinician "Emergency access" beside it (break-glass by the kit id).
 */
export const KitDetailsButton = ({ record }: { record: LabRecord }) => {
  const open = useContext(OpenKitContext);
  return open ? <Button record={record} open={open} /> : <RoutedButton record={record} />;
};
