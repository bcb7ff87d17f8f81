// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { Form } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { renderInAdmin } from '../test-utils/adminTestContext';
import { RichNoteInput } from './RichNoteInput';

vi.setConfig({ testTimeout: 30_000 });

describe('the notes editor toolbar', () => {
  it('offers no image-by-address button (a remote image can never be saved: notes take no images, spec 1 §5), and keeps the others', async () => {
    renderInAdmin(
      <Form defaultValues={{ body: '' }}>
        <RichNoteInput source="body" label="Note" />
      </Form>,
    );
    expect(await screen.findByRole('button', { name: /bold/i })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /link/i })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /image/i })).not.toBeInTheDocument();
  });
});
