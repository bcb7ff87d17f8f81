import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useListContext, useNotify, useTranslate } from 'react-admin';
import { useFilterPatch } from './useFilterPatch';

/** "All States" / "My States" (spec 1 §2, §6): the list's myStates filter, with the spec's info toasts. */
export const StatesToggle = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const { filterValues, resource } = useListContext();
  const patchFilters = useFilterPatch();
  const mine = filterValues.myStates === true || filterValues.myStates === 'true';
  const change = (_: unknown, value: 'all' | 'mine' | null) => {
    if (!value || (value === 'mine') === mine) return;
    patchFilters({ myStates: value === 'mine' });
    const requests = resource === 'lab-requests';
    const message = value === 'mine' ? (requests ? 'lab.showingMyStatesRequests' : 'lab.showingMyStates') : (requests ? 'lab.showingAllRequests' : 'lab.showingAllResults');
    notify(message, { type: 'info' });
  };
  return (
    <ToggleButtonGroup size="small" exclusive value={mine ? 'mine' : 'all'} onChange={change} aria-label={translate('lab.statesToggle')}>
      <ToggleButton value="all">{translate('lab.allStates')}</ToggleButton>
      <ToggleButton value="mine">{translate('lab.myStates')}</ToggleButton>
    </ToggleButtonGroup>
  );
};
