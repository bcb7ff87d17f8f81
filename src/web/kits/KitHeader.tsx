import { Chip, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import type { KitDetail } from '../../domain/kits/kits';
import { personName } from '../../domain/lab/lab-templates';
import { formatDateTime } from '../shared/lab/labRow';
import { FieldGrid, Section } from './KitFields';

/**
 * The kit id header (spec 1 §2): lab and requisition, clinician, product, symptoms, dates, medication, allergies; read-only.
 * `assignee`: the clinician of the kit's test result when there is one, the record Re-Assign moves.
 */
export const KitHeader = ({ kit, assignee }: { kit: KitDetail; assignee?: string | null }) => (
  <Section
    id="kit-header"
    title="kit.kitIdHeader"
    titleArgs={{ kitId: kit.kitId }}
    action={
      <Stack direction="row" spacing={1} sx={{ mt: 1, mr: 1 }}>
        <Chip size="small" label={kit.status} data-testid="kit-status" />
      </Stack>
    }
  >
    <FieldGrid
      fields={
        [
          ['kit.labName', kit.labName],
          ['kit.requisitionId', kit.requisitionId],
          ['kit.clinician', assignee !== undefined ? assignee : kit.clinician ? personName(kit.clinician.firstName, kit.clinician.lastName) : null],
          ['kit.productName', kit.panelName ?? kit.productName],
          ['kit.symptoms', kit.symptoms],
          ['kit.registeredOn', formatDateTime(kit.registrationDateTime)],
          ['kit.sampleCollectedOn', formatDateTime(kit.testTakenDate)],
          ['kit.medication', kit.medication],
          ['kit.allergies', kit.allergies],
          // Without clinical access the server sends no symptoms, medication or allergies: hide them rather than show "—".
        ].filter(([, value]) => value !== undefined) as Array<[string, ReactNode]>
      }
    />
  </Section>
);
