// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import type { Location } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ResultTemplate, TemplateValues } from '../../../domain/lab-templates';
import { LAB_TEXT } from '../../../domain/i18n/en/lab';
import { renderInAdmin } from '../../test-utils/adminTestContext';
import { TemplatePicker } from './TemplatePicker';

const templates = vi.hoisted(() => ({ list: [] as ResultTemplate[] }));
vi.mock('../../../domain/lab-templates', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../domain/lab-templates')>()),
  resultTemplates: async () => templates.list,
}));

const GOOD: ResultTemplate = { name: 'NEGATIVE', types: [{ name: 'All negative', content: 'Hi {{patientName}}, all clear.\n{{clinicianName}}' }] };
const BROKEN: ResultTemplate = { name: 'POSITIVE', types: [{ name: 'Empty', content: '' }] };

const Harness = ({ values }: { values: TemplateValues }) => {
  const [text, setText] = useState('');
  return (
    <>
      <TemplatePicker values={values} onApply={setText} />
      <output data-testid="text">{text}</output>
    </>
  );
};

/** The picker's select, once the templates have loaded (it is disabled meanwhile). */
async function picker() {
  const select = await screen.findByRole('combobox', { name: new RegExp(`^${LAB_TEXT.template}`) });
  await waitFor(() => expect(select).not.toHaveAttribute('aria-disabled'));
  return select;
}

async function choose(label: string) {
  fireEvent.mouseDown(await picker());
  fireEvent.click(await screen.findByRole('option', { name: label }));
  fireEvent.click(screen.getByRole('button', { name: LAB_TEXT.applyTemplate }));
}

beforeEach(() => {
  templates.list = [GOOD, BROKEN];
});

describe('TemplatePicker', () => {
  it('applies a template with the patient and clinician names substituted', async () => {
    renderInAdmin(<Harness values={{ patientName: 'Ann Lee', clinicianName: 'Jane Doe' }} />);
    await choose('NEGATIVE – All negative');
    expect(screen.getByTestId('text').textContent).toBe('Hi Ann Lee, all clear.\nJane Doe');
  });

  it('a template without content gives "There was an error applying the template. Please reset & try again."', async () => {
    renderInAdmin(<Harness values={{ patientName: 'Ann Lee', clinicianName: 'Jane Doe' }} />);
    await choose('POSITIVE – Empty');
    expect(await screen.findByText(LAB_TEXT.templateError)).toBeInTheDocument();
    expect(screen.getByTestId('text').textContent).toBe('');
  });

  it('a template without a name gives the same error', async () => {
    templates.list = [{ name: '', types: [{ name: '', content: 'Hi' }] }];
    renderInAdmin(<Harness values={{ patientName: 'Ann', clinicianName: 'Jane' }} />);
    fireEvent.mouseDown(await picker());
    const options = await screen.findAllByRole('option');
    fireEvent.click(options[1]);
    fireEvent.click(screen.getByRole('button', { name: LAB_TEXT.applyTemplate }));
    expect(await screen.findByText(LAB_TEXT.templateError)).toBeInTheDocument();
  });

  it('asks to enter a missing patient name manually, then applies with the placeholder kept', async () => {
    renderInAdmin(<Harness values={{ patientName: '', clinicianName: 'Jane Doe' }} />);
    await choose('NEGATIVE – All negative');
    const confirm = await screen.findByRole('dialog', { description: LAB_TEXT.patientNameMissing });
    fireEvent.click(within(confirm).getByRole('button', { name: LAB_TEXT.ok }));
    await waitFor(() => expect(screen.getByTestId('text').textContent).toBe('Hi {{patientName}}, all clear.\nJane Doe'));
  });

  it('points a clinician without a name to the profile page, or lets them sign manually', async () => {
    let location: Location | undefined;
    renderInAdmin(<Harness values={{ patientName: 'Ann', clinicianName: '' }} />, { initialEntries: ['/result'], onLocation: (l) => (location = l) });
    await choose('NEGATIVE – All negative');
    let confirm = await screen.findByRole('dialog', { description: LAB_TEXT.clinicianNameMissing });
    fireEvent.click(within(confirm).getByRole('button', { name: LAB_TEXT.signManually }));
    await waitFor(() => expect(screen.getByTestId('text').textContent).toBe('Hi Ann, all clear.\n{{clinicianName}}'));
    fireEvent.click(await screen.findByRole('button', { name: LAB_TEXT.applyTemplate }));
    confirm = await screen.findByRole('dialog', { description: LAB_TEXT.clinicianNameMissing });
    fireEvent.click(within(confirm).getByRole('button', { name: LAB_TEXT.goToProfile }));
    await waitFor(() => expect(location?.pathname).toBe('/profile'));
  });
});
