// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import type { Location } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ResultTemplate, TemplateValues } from '../../../domain/lab/lab-templates';
import { TEMPLATES_TEXT } from '../../../domain/i18n/en/chart-note';
import { fakeDataProvider, renderInAdmin } from '../../test-utils/adminTestContext';
import { TemplatePicker } from './TemplatePicker';
import { useTemplateChoices } from './useTemplateChoices';

/** The result templates of the release notes: the content service's list (dataProvider.resultTemplates) in the picker. */
const templates = { list: [] as ResultTemplate[] };
const render = (ui: Parameters<typeof renderInAdmin>[0], options: Parameters<typeof renderInAdmin>[1] = {}) =>
  renderInAdmin(ui, { dataProvider: fakeDataProvider({ resultTemplates: vi.fn(async () => templates.list) }), ...options });

const GOOD: ResultTemplate = { name: 'NEGATIVE', types: [{ name: 'All negative', content: 'Hi {{patientName}}, all clear.\n{{clinicianName}}' }] };
const BROKEN: ResultTemplate = { name: 'POSITIVE', types: [{ name: 'Empty', content: '' }] };

const Harness = ({ values }: { values: TemplateValues }) => {
  const [text, setText] = useState('');
  const choices = useTemplateChoices({ mine: false, results: true });
  return (
    <>
      <TemplatePicker choices={choices.choices} loading={choices.isPending} values={values} onApply={setText} />
      <output data-testid="text">{text}</output>
    </>
  );
};

/** The picker's select, once the templates have loaded (it is disabled meanwhile). */
async function picker() {
  const select = await screen.findByRole('combobox', { name: new RegExp(`^${TEMPLATES_TEXT.template}`) });
  await waitFor(() => expect(select).not.toHaveAttribute('aria-disabled'));
  return select;
}

async function choose(label: string) {
  fireEvent.mouseDown(await picker());
  fireEvent.click(await screen.findByRole('option', { name: label }));
  fireEvent.click(screen.getByRole('button', { name: TEMPLATES_TEXT.applyTemplate }));
}

beforeEach(() => {
  templates.list = [GOOD, BROKEN];
});

describe('result template picker', () => {
  it('applies a template with the patient and clinician names substituted', async () => {
    render(<Harness values={{ patientName: 'Ann Lee', clinicianName: 'Jane Doe' }} />);
    await choose('NEGATIVE – All negative');
    expect(screen.getByTestId('text').textContent).toBe('Hi Ann Lee, all clear.\nJane Doe');
  });

  it('a template without content gives "There was an error applying the template. Please reset & try again."', async () => {
    render(<Harness values={{ patientName: 'Ann Lee', clinicianName: 'Jane Doe' }} />);
    await choose('POSITIVE – Empty');
    expect(await screen.findByText(TEMPLATES_TEXT.applyError)).toBeInTheDocument();
    expect(screen.getByTestId('text').textContent).toBe('');
  });

  it('a template without a name gives the same error', async () => {
    templates.list = [{ name: '', types: [{ name: '', content: 'Hi' }] }];
    render(<Harness values={{ patientName: 'Ann', clinicianName: 'Jane' }} />);
    fireEvent.mouseDown(await picker());
    const options = await screen.findAllByRole('option');
    fireEvent.click(options[options.length - 1]); // the nameless template, after the group heading
    fireEvent.click(screen.getByRole('button', { name: TEMPLATES_TEXT.applyTemplate }));
    expect(await screen.findByText(TEMPLATES_TEXT.applyError)).toBeInTheDocument();
  });

  it('asks to enter a missing patient name manually, then applies with the placeholder kept', async () => {
    render(<Harness values={{ patientName: '', clinicianName: 'Jane Doe' }} />);
    await choose('NEGATIVE – All negative');
    const confirm = await screen.findByRole('dialog', { description: TEMPLATES_TEXT.patientNameMissing });
    fireEvent.click(within(confirm).getByRole('button', { name: TEMPLATES_TEXT.ok }));
    await waitFor(() => expect(screen.getByTestId('text').textContent).toBe('Hi {{patientName}}, all clear.\nJane Doe'));
  });

  it('points a clinician without a name to the profile page, or lets them sign manually', async () => {
    let location: Location | undefined;
    render(<Harness values={{ patientName: 'Ann', clinicianName: '' }} />, { initialEntries: ['/result'], onLocation: (l) => (location = l) });
    await choose('NEGATIVE – All negative');
    let confirm = await screen.findByRole('dialog', { description: TEMPLATES_TEXT.clinicianNameMissing });
    fireEvent.click(within(confirm).getByRole('button', { name: TEMPLATES_TEXT.signManually }));
    await waitFor(() => expect(screen.getByTestId('text').textContent).toBe('Hi Ann, all clear.\n{{clinicianName}}'));
    fireEvent.click(await screen.findByRole('button', { name: TEMPLATES_TEXT.applyTemplate }));
    confirm = await screen.findByRole('dialog', { description: TEMPLATES_TEXT.clinicianNameMissing });
    fireEvent.click(within(confirm).getByRole('button', { name: TEMPLATES_TEXT.goToProfile }));
    await waitFor(() => expect(location?.pathname).toBe('/profile'));
  });
});
