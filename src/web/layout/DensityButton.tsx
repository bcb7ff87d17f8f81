import DensityMediumIcon from '@mui/icons-material/DensityMedium';
import DensitySmallIcon from '@mui/icons-material/DensitySmall';
import { IconButton, Tooltip } from '@mui/material';
import { useStore, useTranslate } from 'react-admin';

export type Density = 'comfortable' | 'compact';
/** The store key of the table density (persisted with the theme: providers/preferencesStore.ts). */
export const DENSITY_KEY = 'density';
export const useDensity = () => useStore<Density>(DENSITY_KEY, 'comfortable');

/** Switches every table between the comfortable and the compact density (the worklists at a glance). */
export const DensityButton = () => {
  const translate = useTranslate();
  const [density, setDensity] = useDensity();
  const compact = density === 'compact';
  const label = translate(compact ? 'ui.density.comfortable' : 'ui.density.compact');
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" aria-label={label} aria-pressed={compact} onClick={() => setDensity(compact ? 'comfortable' : 'compact')}>
        {compact ? <DensityMediumIcon /> : <DensitySmallIcon />}
      </IconButton>
    </Tooltip>
  );
};
