import { findNpi, type Physician } from '../../../domain/clinician/npi';
import { NPI_NOT_FOUND } from '../../../domain/i18n/en/chart-note';
import type { NpiLookup } from './types';

/** The demo physicians (fictitious NPIs in the valid 10-digit format) the local lookup answers from. */
export const DEMO_PHYSICIANS: readonly Physician[] = [
  { name: 'Jane Doe', npi: '1568493021' },
  { name: 'Mark Lee', npi: '1629384750' },
  { name: 'Emily Chen', npi: '1730495861' },
  { name: 'Alex Morgan', npi: '1841506972' },
  { name: 'Priya Patel', npi: '1952617083' },
  { name: 'Samuel Rivera', npi: '1063728194' },
  { name: 'Thomas Becker', npi: '1174839205' },
  { name: 'Olivia Martinez', npi: '1285940316' },
  { name: 'Daniel Okafor', npi: '1396051427' },
  { name: 'Hannah Goldberg', npi: '1407162538' },
  { name: 'Carlos Mendoza', npi: '1518273649' },
  { name: 'Aisha Rahman', npi: '1629384751' },
];

/** Local implementation (npm start, tests): matches against the demo physicians, offline. */
export function localNpiLookup(physicians: readonly Physician[] = DEMO_PHYSICIANS): NpiLookup {
  return {
    async find(name) {
      const match = findNpi(name, physicians);
      return match === NPI_NOT_FOUND ? null : match;
    },
  };
}
