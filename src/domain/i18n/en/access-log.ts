/** The PHI access log's texts (`accessLog.*`). */
export const ACCESS_LOG_TEXTS = {
  title: 'PHI Access Log',
  menu: 'PHI Access Log',
  empty: 'No access matches these filters',
  chainVerify: 'Verify chain',
  chainOk: 'Audit chain intact',
  chainBroken: 'Audit chain broken',
  disclosures: 'Accounting of disclosures (PDF)',
  disclosuresTitle: 'Accounting of disclosures',
  /** The PDF's heading line (HIPAA §164.528). */
  disclosuresHeading: 'Accounting of disclosures of protected health information (45 CFR §164.528)',
  exportTooMany: 'More than %{limit} rows match: narrow the filters to export',
  export: 'Export',
  exportFailed: 'The export failed: %{message}',
  pdfFailed: 'The accounting of disclosures could not be produced: %{message}',
  chainFailed: 'The chain could not be checked: %{message}',
  chainHint: 'The log is hash-chained: any edited, removed or inserted row breaks the chain from that row on.',
  chainSealed: '%{sealed} rows sealed in the chain, %{unsealed} waiting for the sealer',
  chainLastVerified: 'Last verified %{when} by %{who}: %{result}',
  chainLastOk: 'intact up to row %{rows}',
  chainLastBroken: 'broken',
  chainNeverVerified: 'Not verified yet: press Verify chain to check every link',
  chainVerifying: 'Verifying every link…',
  disclosuresHint: 'Filter by a patient to print their accounting of disclosures.',
  filters: {
    actorSub: 'User (id)', patientId: 'Patient (id)', entityId: 'Record id', action: 'Action', outcome: 'Outcome',
    from: 'From', to: 'To', breakGlass: 'Break-glass', breakGlassOnly: 'Break-glass reads only', breakGlassNone: 'Without break-glass',
  },
  columns: {
    at: 'When (UTC)', user: 'User', what: 'What', breakGlass: 'Break-glass', records: 'Records', patients: 'Patients', outcome: 'Outcome', from: 'From (IP)',
  },
} as const;
