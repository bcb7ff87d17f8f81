import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BOOKING_DETAIL_TEXT } from '../domain/booking-detail-texts';
import { DASHBOARD_TEXT } from '../domain/dashboard-texts';
import { KIT_UI_TEXT } from '../domain/kit-texts';
import { frozenImports } from './frozen-imports';

const importer = path.resolve('src/web/providers/i18nProvider.ts');
const plugin = frozenImports(/[\\/]src[\\/]web[\\/]providers[\\/]i18nProvider\.ts$/);
const ctx = { resolve: async (source: string, from: string) => ({ id: `${path.resolve(path.dirname(from), source)}.ts`, external: false }) };
type Hook = (this: unknown, ...args: unknown[]) => Promise<string | null>;
const resolveId = plugin.resolveId as unknown as Hook;
const load = plugin.load as unknown as Hook;

/** The module text the build would use, evaluated. */
async function frozen(source: string) {
  const id = await resolveId.call(ctx, source, importer, {});
  if (id === null) return null;
  const code = await load.call(ctx, id);
  return (await import(/* @vite-ignore */ `data:text/javascript;base64,${Buffer.from(code ?? '').toString('base64')}`)) as Record<string, unknown>;
}

describe('frozenImports (the i18n catalogue texts as plain data in the build)', () => {
  it('gives the importer exactly what the modules export, without the modules (and zod) behind them', async () => {
    expect((await frozen('../../domain/booking-detail-texts'))?.BOOKING_DETAIL_TEXT).toEqual(BOOKING_DETAIL_TEXT);
    expect((await frozen('../../domain/dashboard-texts'))?.DASHBOARD_TEXT).toEqual(DASHBOARD_TEXT);
    expect((await frozen('../../domain/kit-texts'))?.KIT_UI_TEXT).toEqual(KIT_UI_TEXT);
  }, 60_000);

  it('leaves data-only modules, other importers and functions alone', async () => {
    expect(await frozen('../../domain/ui-texts')).toBeNull(); // imports no package: stays as it is
    expect(await resolveId.call(ctx, '../../domain/kit-texts', path.resolve('src/web/kits/KitDetailsPage.tsx'), {})).toBeNull();
    const messages = await frozen('../../domain/messages');
    if (messages) expect(messages.fillText).toBeUndefined(); // a function is not plain data: importing it fails the build
  }, 60_000);
});
