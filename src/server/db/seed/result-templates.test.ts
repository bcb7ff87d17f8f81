import { describe, expect, it } from 'vitest';
import { isUsableTemplate } from '../../../domain/lab/lab-templates';
import { DEMO_RESULT_TEMPLATES } from './result-templates';

describe('demo result templates', () => {
  it('offers NEGATIVE, POSITIVE and INCONCLUSIVE templates, each usable and using the patient and clinician names', () => {
    const templates = DEMO_RESULT_TEMPLATES;
    expect(templates.map((t) => t.name)).toEqual(['NEGATIVE', 'POSITIVE', 'INCONCLUSIVE']);
    for (const t of templates) {
      for (const type of t.types) {
        expect(isUsableTemplate(type)).toBe(true);
        expect(type.content).toContain('{{patientName}}');
        expect(type.content).toContain('{{clinicianName}}');
      }
    }
  });
});
