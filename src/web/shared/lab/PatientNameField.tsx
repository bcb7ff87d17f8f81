import type { MouseEvent } from 'react';
import { useRecordContext } from 'react-admin';
import type { LabRecord } from './labRow';
import { patientNameOf } from './labRow';
import { LazyTooltip } from './LazyTooltip';
import { PatientHoverCard } from './PatientHoverCard';

export const patientProfileUrl = (userId: string) => `/PatientProfile?patientId=${encodeURIComponent(userId)}&idType=sub`;

/**
 * Patient Name column: a hover card with the patient summary; a click opens the patient profile in a
 * new tab (spec 1 §2). Masked rows and kits without a patient show the plain text.
 */
export const PatientNameField = () => {
  const record = useRecordContext<LabRecord>();
  if (!record) return null;
  const name = patientNameOf(record);
  if (record.masked || !record.user) return <span>{name}</span>;
  const patient = record.user;
  return (
    <LazyTooltip
      title={<PatientHoverCard patient={patient} name={name} />}
      placement="right-start"
      enterDelay={300}
      slotProps={{ tooltip: { sx: { bgcolor: 'background.paper', color: 'text.primary', boxShadow: 4, maxWidth: 360 } } }}
    >
      {/* a plain link styled by the grid's `a.patient-link` rule: one per row of a 200-row page */}
      <a
        className="patient-link"
        href={patientProfileUrl(patient.userId)}
        target="_blank"
        rel="opener"
        onClick={(event: MouseEvent) => event.stopPropagation()}
      >
        {name}
      </a>
    </LazyTooltip>
  );
};
