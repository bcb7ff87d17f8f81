import { useTranslate } from 'react-admin';

/** "Unassigned" in the Clinician column (secondary text: the grid's `.unassigned` rule). */
export const UnassignedLabel = () => {
  const translate = useTranslate();
  return <span className="unassigned">{translate('lab.unassigned')}</span>;
};
