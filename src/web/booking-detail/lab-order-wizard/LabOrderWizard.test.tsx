// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { CompendiumEntry } from '../../../domain/kits/kits';
import { detail } from '../../test-utils/bookingDetailFixtures';
import { fakeDataProvider, renderInAdmin } from '../../test-utils/adminTestContext';
import { LabOrderWizard } from './LabOrderWizard';

vi.setConfig({ testTimeout: 30_000 });

const COMPENDIUM: CompendiumEntry[] = [
  {
    testOrPanelName: 'Performer Panel',
    panel: true,
    testCode: 'LSP104',
    editable: true,
    specifications: [
      { testName: 'Chlamydia trachomatis, NAA (urine)', testCode: 'LS1003', editable: false },
      { testName: 'Trichomonas vaginalis, NAA', testCode: 'LS1031', editable: true },
    ],
  },
  ...[
    'HIV-1/2 Ag/Ab, 4th generation',
    'Syphilis (RPR) with reflex to titer',
    'Hepatitis B surface Ag',
    'Hepatitis C Ab with reflex to RNA',
    'Creatinine',
  ].map((name, i) => ({ testOrPanelName: name, panel: false, testCode: `LS20${i}`, editable: true, specifications: [] })),
];

function setup(over: Parameters<typeof detail>[0] = {}) {
  const booking = detail({ careLocation: { name: 'CHARLESTON_NV_89104', address: '', timezone: 'America/Los_Angeles' }, ...over });
  const dataProvider = fakeDataProvider({
    testCompendium: vi.fn(async () => COMPENDIUM),
    createLabOrder: vi.fn(async () => ({
      kitId: 'LO0000001',
      status: 'SAMPLE_COLLECTED_PENDING_REVIEW',
      requisitionId: 'REQ-LIFESCAN-0000001',
      panelName: 'x',
    })),
  });
  // A page that opens and closes the wizard, so a saved draft can be reopened.
  const Page = () => {
    const [open, setOpen] = useState(true);
    return open ? (
      <LabOrderWizard booking={booking} onClose={() => setOpen(false)} />
    ) : (
      <button type="button" onClick={() => setOpen(true)}>
        reopen
      </button>
    );
  };
  renderInAdmin(<Page />, { dataProvider });
  return { dataProvider, dialog: () => screen.getByRole('dialog', { name: 'Lab Order Requisition' }) };
}

const button = (dialog: HTMLElement, name: string) => within(dialog).queryByRole('button', { name });
const shown = (dialog: HTMLElement) => ['Back', 'Next', 'Save as draft', 'Submit'].filter((n) => button(dialog, n));

async function chooseTests(dialog: HTMLElement, names: string[]) {
  const box = within(dialog).getByRole('combobox', { name: 'Tests' });
  for (const name of names) {
    if (!screen.queryByRole('listbox')) fireEvent.mouseDown(box); // the list stays open between choices
    fireEvent.click(await screen.findByRole('option', { name }));
  }
}

describe('Lab order requisition wizard', () => {
  it('walks the five steps with Back above step 0, Next below step 4, Save as draft and Submit on step 4, each step refusing Next by its rule', async () => {
    const { dataProvider, dialog } = setup();
    const d = dialog();
    expect(
      within(d)
        .getAllByText(/^(Patient Name|Vendor|Tests|Complete|Review)$/)
        .map((e) => e.textContent),
    ).toEqual(expect.arrayContaining(['Patient Name', 'Vendor', 'Tests', 'Complete', 'Review']));
    expect(within(d).getByTestId('lab-wizard-patient')).toHaveTextContent('Ann Lee');
    expect(shown(d)).toEqual(['Next']);
    fireEvent.click(button(d, 'Next')!);
    expect(within(d).getByRole('group', { name: 'Vendor' })).toHaveTextContent('LIFESCAN');
    expect(shown(d)).toEqual(['Back', 'Next']);
    fireEvent.click(button(d, 'Next')!);
    expect(within(d).getByRole('group', { name: 'Tests' })).toBeInTheDocument();
    await waitFor(() => expect(dataProvider.testCompendium).toHaveBeenCalledWith('LIFESCAN', 'CHARLESTON_NV_89104'));
    fireEvent.click(button(d, 'Next')!);
    expect(within(d).getByRole('alert')).toHaveTextContent('Please select at least one test or panel');

    // Grouped 'Panel' / 'Individual Test'.
    fireEvent.mouseDown(within(d).getByRole('combobox', { name: 'Tests' }));
    const list = await screen.findByRole('listbox');
    expect(within(list).getByText('Panel')).toBeInTheDocument();
    expect(within(list).getByText('Individual Test')).toBeInTheDocument();
    fireEvent.click(within(list).getByRole('option', { name: 'Performer Panel' }));
    // The panel's non-editable sub-test is disabled and stays ticked; the editable one can be dropped.
    const fixed = within(d).getByRole('checkbox', { name: 'Chlamydia trachomatis, NAA (urine)' });
    expect(fixed).toBeDisabled();
    expect(fixed).toBeChecked();
    const optional = within(d).getByRole('checkbox', { name: 'Trichomonas vaginalis, NAA' });
    expect(optional).toBeEnabled();
    fireEvent.click(optional);
    expect(optional).not.toBeChecked();
    await chooseTests(d, ['HIV-1/2 Ag/Ab, 4th generation', 'Syphilis (RPR) with reflex to titer', 'Hepatitis B surface Ag', 'Creatinine']);
    // At most 4 chips once the select is left.
    fireEvent.blur(within(d).getByRole('combobox', { name: 'Tests' }));
    fireEvent.click(within(d).getByRole('group', { name: 'Tests' }));
    await waitFor(() => expect(within(d).getByText('+1')).toBeInTheDocument());

    fireEvent.click(button(d, 'Next')!);
    expect(within(d).queryByRole('alert')).toBeNull();
    expect(within(d).getByRole('group', { name: 'Complete' })).toBeInTheDocument();
    const when = within(d).getByLabelText('Sample collected on');
    fireEvent.change(when, { target: { value: '' } });
    fireEvent.click(button(d, 'Next')!);
    expect(within(d).getByRole('alert')).toHaveTextContent('Please enter the sample collection date and time');
    fireEvent.change(when, { target: { value: '2026-11-20T09:30' } });
    fireEvent.click(button(d, 'Next')!);
    expect(within(d).getByTestId('lab-wizard-review')).toHaveTextContent('Performer Panel (Chlamydia trachomatis, NAA (urine))');
    expect(shown(d)).toEqual(['Back', 'Save as draft', 'Submit']);

    fireEvent.click(button(d, 'Submit')!);
    expect(await screen.findByText('Lab Order Created Successfully')).toBeInTheDocument();
    expect(dataProvider.createLabOrder).toHaveBeenCalledTimes(1);
    const [body, key] = vi.mocked(dataProvider.createLabOrder).mock.calls[0];
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(body).toMatchObject({
      labName: 'LIFESCAN',
      refId: 'BK1',
      refIdType: 'BOOKING_ID',
      patientId: 'pat-1',
      careLocation: 'CHARLESTON_NV_89104',
      collectionEpochSec: Math.floor(new Date('2026-11-20T09:30').getTime() / 1000),
    });
    expect(body.panelTestSpecifications.map((t) => [t.testCode, t.specifications?.map((s) => s.testCode)])).toEqual([
      ['LSP104', ['LS1003']],
      ['LS200', []],
      ['LS201', []],
      ['LS202', []],
      ['LS204', []],
    ]);
  });

  it('refuses Submit without the sex at birth, with the spec text, and reveals Update Patient Profile', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const { dataProvider, dialog } = setup({ genderAtBirth: null });
    const d = dialog();
    fireEvent.click(button(d, 'Next')!);
    fireEvent.click(button(d, 'Next')!);
    await chooseTests(d, ['Performer Panel']);
    fireEvent.click(button(d, 'Next')!);
    fireEvent.click(button(d, 'Next')!);
    expect(button(d, 'Update Patient Profile')).toBeNull();
    fireEvent.click(button(d, 'Submit')!);
    expect(within(d).getByRole('alert')).toHaveTextContent(
      'Sex At Birth is not present for this patient. Please update it by clicking on the Update Patient Profile button.',
    );
    expect(dataProvider.createLabOrder).not.toHaveBeenCalled();
    fireEvent.click(button(d, 'Update Patient Profile')!);
    expect(open).toHaveBeenCalledWith('/PatientProfile?patientId=pat-1&idType=sub', '_blank');
  });

  it('Save as draft keeps the choices: reopening the wizard returns to the review with them', async () => {
    const { dataProvider, dialog } = setup();
    const d = dialog();
    fireEvent.click(button(d, 'Next')!);
    fireEvent.click(button(d, 'Next')!);
    await chooseTests(d, ['Creatinine']);
    fireEvent.click(button(d, 'Next')!);
    fireEvent.click(button(d, 'Next')!);
    fireEvent.click(button(d, 'Save as draft')!);
    expect(await screen.findByText('Draft Saved!')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'reopen' }));
    expect(within(dialog()).getByTestId('lab-wizard-review')).toHaveTextContent('Creatinine');
    expect(dataProvider.createLabOrder).not.toHaveBeenCalled();
  });

  it('Escape in the Tests field closes only its option list: the wizard stays open with the chosen tests', async () => {
    const { dialog } = setup();
    const d = dialog();
    fireEvent.click(button(d, 'Next')!);
    fireEvent.click(button(d, 'Next')!);
    await chooseTests(d, ['Creatinine']);
    const box = within(d).getByRole('combobox', { name: 'Tests' });
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    fireEvent.keyDown(box, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    // A second Escape, the list already closed, does not discard the work either.
    fireEvent.keyDown(box, { key: 'Escape' });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByRole('dialog', { name: 'Lab Order Requisition' })).toBeInTheDocument();
    expect(within(dialog()).getByRole('button', { name: 'Creatinine' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'reopen' })).toBeNull();
    // Escape outside a field still closes the wizard.
    fireEvent.keyDown(button(dialog(), 'Next')!, { key: 'Escape' });
    expect(await screen.findByRole('button', { name: 'reopen' })).toBeInTheDocument();
  });
});
