// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import type { Location } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { TEMPLATES_TEXT } from '../../../domain/i18n/en/chart-note';
import type { TemplateValues } from '../../../domain/lab/lab-templates';
import { renderInAdmin } from '../../test-utils/adminTestContext';
import { clinicianTemplateChoices } from './templateChoices';
import { TemplatePicker } from './TemplatePicker';

vi.setConfig({ testTimeout: 20_000 });

const CHOICES = clinicianTemplateChoices(
  [
    { id: 'a', name: 'Follow-up', description: '<p>Hi {{patientName}}, book at {meetingLink}</p><p>{{clinicianName}}</p>' },
    { id: 'b', name: 'Blank', description: '' },
  ],
  'templates.myTemplates',
);

const Harness = ({ values, format }: { values: TemplateValues; format: 'html' | 'text' }) => {
  const [text, setText] = useState('');
  return (
    <>
      <TemplatePicker choices={CHOICES} values={values} format={format} onApply={setText} />
      <output data-testid="text">{text}</output>
    </>
  );
};

async function choose(label: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Template/ }));
  expect(await screen.findByText(TEMPLATES_TEXT.myTemplates)).toBeInTheDocument();
  fireEvent.click(await screen.findByRole('option', { name: label }));
  fireEvent.click(screen.getByRole('button', { name: TEMPLATES_TEXT.applyTemplate }));
}
const text = () => screen.getByTestId('text').textContent;
const all = { patientName: 'Ann Lee', clinicianName: 'Jane Doe', meetingLink: 'https://cal.example/jane' };

describe('TemplatePicker (templates/)', () => {
  it('substitutes the names and the meeting link, as HTML for notes and as text for messages', async () => {
    const { unmount } = renderInAdmin(<Harness values={all} format="html" />);
    await choose('Follow-up');
    expect(text()).toBe('<p>Hi Ann Lee, book at https://cal.example/jane</p><p>Jane Doe</p>');
    unmount();
    renderInAdmin(<Harness values={all} format="text" />);
    await choose('Follow-up');
    expect(text()).toBe('Hi Ann Lee, book at https://cal.example/jane\n\nJane Doe');
  });

  it('a template without content gives the spec error and changes nothing', async () => {
    renderInAdmin(<Harness values={all} format="html" />);
    await choose('Blank');
    expect(await screen.findByText(TEMPLATES_TEXT.applyError)).toBeInTheDocument();
    expect(text()).toBe('');
  });

  it('confirms a missing patient name, then a missing clinician name (sign manually or go to the profile)', async () => {
    let location: Location | undefined;
    renderInAdmin(<Harness values={{ ...all, patientName: '', clinicianName: '' }} format="text" />, { onLocation: (l) => (location = l) });
    await choose('Follow-up');
    const patient = await screen.findByRole('dialog', { description: TEMPLATES_TEXT.patientNameMissing });
    fireEvent.click(within(patient).getByRole('button', { name: TEMPLATES_TEXT.ok }));
    const clinician = await screen.findByRole('dialog', { description: TEMPLATES_TEXT.clinicianNameMissing });
    fireEvent.click(within(clinician).getByRole('button', { name: TEMPLATES_TEXT.signManually }));
    await waitFor(() => expect(text()).toBe('Hi {{patientName}}, book at https://cal.example/jane\n\n{{clinicianName}}'));
    fireEvent.click(await screen.findByRole('button', { name: TEMPLATES_TEXT.applyTemplate }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { description: TEMPLATES_TEXT.patientNameMissing })).getByRole('button', { name: TEMPLATES_TEXT.ok }),
    );
    fireEvent.click(
      within(await screen.findByRole('dialog', { description: TEMPLATES_TEXT.clinicianNameMissing })).getByRole('button', {
        name: TEMPLATES_TEXT.goToProfile,
      }),
    );
    await waitFor(() => expect(location?.pathname).toBe('/profile'));
  });
});
