import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSCRIPTION_TEXT } from '../../src/domain/i18n/en/transcription';
import { E2E_BOOKING_ID } from '../../src/server/db/seed/bookings.sql';
import { chooseOption, type E2eBrowser, openBrowser, portalUrl, signInToDashboard } from './browser';

/**
 * Transcription end to end: Chromium's fake microphone plays speech synthesised offline (Debian flite); Jane Doe
 * consents, records, stops, submits; the local engine (pocketsphinx) transcribes it on the job queue; the modal
 * shows COMPLETED, she switches to Summary, saves it as a chart note and finds it in the booking's charting notes.
 */
const run = promisify(execFile);
let dir: string;
let b: E2eBrowser;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'fake-mic-'));
  const speech = path.join(dir, 'speech.wav');
  await run('flite', ['-voice', 'rms', '-t', 'the patient reports a headache and a fever for three days', '-o', path.join(dir, 'raw.wav')]);
  // a second of silence before and after, 48 kHz as the browser captures
  await run('ffmpeg', [
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    '-i',
    path.join(dir, 'raw.wav'),
    '-af',
    'adelay=1000,apad=pad_dur=1',
    '-ar',
    '48000',
    '-ac',
    '1',
    speech,
  ]);
  b = await openBrowser([
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-audio-capture=${speech}%noloop`,
  ]);
});
afterAll(async () => {
  await b?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('transcription', () => {
  it('consent, record, submit, COMPLETED, Summary, save as chart note, in the charting notes', { timeout: 120_000 }, async () => {
    const { page, context } = await b.newPage();
    await context.grantPermissions(['microphone']);
    await signInToDashboard(page, 'clinician@demo.test');
    await page.goto(`${portalUrl()}/BookingDetails?bookingId=${E2E_BOOKING_ID}`);

    const section = page.locator('[data-section="transcription"]');
    await section.getByRole('button', { name: 'Transcription', exact: true }).click();
    await section.getByRole('button', { name: TRANSCRIPTION_TEXT.newTranscription }).click();
    const modal = page.getByRole('dialog', { name: /Transcription/ });
    await modal.getByText(TRANSCRIPTION_TEXT.beta, { exact: true }).waitFor();
    await modal.getByRole('button', { name: TRANSCRIPTION_TEXT.consentButton }).click();
    await modal.getByText(TRANSCRIPTION_TEXT.emailWhenReady).waitFor();

    await modal.getByRole('button', { name: TRANSCRIPTION_TEXT.record, exact: true }).click();
    await modal.getByRole('button', { name: TRANSCRIPTION_TEXT.pause }).waitFor({ state: 'visible' });
    await expect.poll(() => modal.getByRole('button', { name: TRANSCRIPTION_TEXT.pause }).isEnabled()).toBe(true);
    await page.waitForTimeout(6_000);
    await modal.getByRole('button', { name: TRANSCRIPTION_TEXT.stop }).click();

    const submit = modal.getByRole('button', { name: TRANSCRIPTION_TEXT.submit });
    await expect.poll(() => submit.isEnabled(), { timeout: 20_000 }).toBe(true);
    await modal.locator('audio').waitFor();
    await submit.click();
    await modal.getByText(TRANSCRIPTION_TEXT.awaiting).waitFor();

    // the job queue runs the local engine; the modal polls until COMPLETED
    const viewSelect = modal.getByRole('combobox', { name: TRANSCRIPTION_TEXT.title });
    await viewSelect.waitFor({ timeout: 60_000 });
    await expect.poll(() => modal.locator('.ProseMirror').innerText(), { timeout: 20_000 }).toContain('headache');
    await chooseOption(viewSelect, page.getByRole('option', { name: TRANSCRIPTION_TEXT.summary }));
    await modal.getByText(TRANSCRIPTION_TEXT.localDraft).waitFor();
    await expect.poll(() => modal.locator('.ProseMirror').innerText()).toContain('Chief Complaint');
    await modal.getByRole('button', { name: TRANSCRIPTION_TEXT.saveAs }).click();
    await modal.getByRole('button', { name: TRANSCRIPTION_TEXT.save, exact: true }).click();
    await page.getByText(TRANSCRIPTION_TEXT.savedAsNote, { exact: true }).first().waitFor();

    const notes = page.locator('[data-section="chartNotes"]');
    await notes.getByRole('button', { name: 'Charting Notes', exact: true }).click();
    await notes
      .getByText(/headache and a fever for three days/i)
      .first()
      .waitFor();
    await section.getByText('COMPLETED').first().waitFor();
  });
});
