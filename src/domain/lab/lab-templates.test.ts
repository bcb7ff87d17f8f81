import { describe, expect, it } from 'vitest';
import { applyTemplate, isUsableTemplate, missingTemplateValues, personName } from './lab-templates';
import { LAB_TEXT } from '../i18n/en/lab';

describe('applyTemplate', () => {
  it('substitutes {{patientName}}, {{clinicianName}} and {meetingLink}, every occurrence', () => {
    const out = applyTemplate('Hi {{patientName}}, {{patientName}}! Book: {meetingLink}\n{{clinicianName}}, NP', {
      patientName: 'Ann Lee',
      clinicianName: 'Jane Doe',
      meetingLink: 'https://cal.example/jane',
    });
    expect(out).toBe('Hi Ann Lee, Ann Lee! Book: https://cal.example/jane\nJane Doe, NP');
  });

  it('leaves the placeholder of a missing value for the user to fill', () => {
    expect(applyTemplate('Hi {{patientName}} from {{clinicianName}}', { patientName: ' ', clinicianName: 'Jane' })).toBe(
      'Hi {{patientName}} from Jane',
    );
  });

  it('the default appointment message is signed with the clinician name plus NP and uses {meetingLink}', () => {
    const out = applyTemplate(LAB_TEXT.defaultAppointmentMessage, { patientName: 'Ann', clinicianName: 'Jane Doe', meetingLink: 'L' });
    expect(out).toContain('using this link: L');
    expect(out.endsWith('Jane Doe, NP')).toBe(true);
  });
});

describe('template checks', () => {
  it('a template without name or content cannot be applied', () => {
    expect(isUsableTemplate({ name: 'A', content: 'x' })).toBe(true);
    expect(isUsableTemplate({ name: '', content: 'x' })).toBe(false);
    expect(isUsableTemplate({ name: 'A', content: '  ' })).toBe(false);
    expect(isUsableTemplate(null)).toBe(false);
  });

  it('lists the placeholders used whose values are missing', () => {
    expect(missingTemplateValues('Hi {{patientName}}, {{clinicianName}}', { clinicianName: 'J' })).toEqual(['patientName']);
    expect(missingTemplateValues('Hi there', {})).toEqual([]);
    expect(missingTemplateValues('{{clinicianName}} {meetingLink}', { meetingLink: 'x' })).toEqual(['clinicianName']);
  });

  it('personName skips blank and UNKNOWN parts', () => {
    expect(personName('Jane', 'Doe')).toBe('Jane Doe');
    expect(personName('UNKNOWN', 'UNKNOWN')).toBe('');
    expect(personName(null, 'Doe')).toBe('Doe');
  });
});
