import type { ResultTemplate } from '../../../domain/lab/lab-templates';

const SIGNATURE = '\n\nBest regards,\n{{clinicianName}}';

/** The demo content service's result templates (the portal reads them from GET /secure/content/clinician-portal). */
export const DEMO_RESULT_TEMPLATES: ResultTemplate[] = [
  {
    name: 'NEGATIVE',
    types: [
      {
        name: 'All negative',
        content: 'Hi {{patientName}},\n\nGood news: all of your test results came back negative. No further action is needed.' + SIGNATURE,
      },
    ],
  },
  {
    name: 'POSITIVE',
    types: [
      {
        name: 'Positive, treatment available',
        content:
          'Hi {{patientName}},\n\nOne or more of your test results came back positive. This is treatable. Please book a consultation so we can discuss the next steps and your treatment.' +
          SIGNATURE,
      },
    ],
  },
  {
    name: 'INCONCLUSIVE',
    types: [
      {
        name: 'Recollection needed',
        content:
          'Hi {{patientName}},\n\nSome of your test results were inconclusive, so the lab could not give a clear answer. We will send you a new kit so you can collect another sample.' +
          SIGNATURE,
      },
    ],
  },
];
