// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { RecordContextProvider, TextInput } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderInAdmin } from '../test-utils/adminTestContext';
import { zodValidate } from '../providers/zodValidate';
import { FormDialog } from './FormDialog';

vi.setConfig({ testTimeout: 20_000 });

const noteSchema = z.strictObject({ note: z.string().trim().min(1, 'Please enter a note') });

/** A dialog opened from a table row sits inside the row's record context: its form holds its own values only. */
describe('FormDialog', () => {
  it('submits its own fields, not the record of the row that opened it, through a strict domain schema', async () => {
    const onSubmit = vi.fn();
    renderInAdmin(
      <RecordContextProvider value={{ id: 'S1', patientId: 'P1', reason: 'emergency' }}>
        <FormDialog
          title="Review"
          submitLabel="Review"
          defaultValues={{ note: '' }}
          validate={zodValidate(noteSchema)}
          onSubmit={onSubmit}
          onClose={() => undefined}
          pending={false}
        >
          <TextInput source="note" label="Note" />
        </FormDialog>
      </RecordContextProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Review' }));
    expect(await screen.findByText('Please enter a note')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'Justified' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toEqual({ note: 'Justified' });
  });
});
