import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CARE_LOCATIONS } from '../shared/constants';
import { DASHBOARD_CARDS, DASHBOARD_LOCATIONS } from '../dashboard/dashboard';
import { MAX_UPLOAD_BYTES } from '../files/files';
import { MANAGE_LAB_ORDER_STEPS } from '../kits/kit-flow';
import { PORTAL_ROUTES } from '../shared/routes';
import { EN_MESSAGES } from './en';
import { BOOKING_FIELD_TEXT } from './en/booking-detail';

/*
 * The one catalogue is plain data: its files import only each other (so the sign-in page downloads strings, not the
 * zod schemas beside the rules), and every leaf of the tree is a text. The domain's tables that carry a text read it
 * here: these checks keep the two in step.
 */

const EN = join(__dirname, 'en');
const FILES = readdirSync(EN).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

/** Every [path, value] leaf of a tree. */
const leaves = (node: unknown, path: string[] = []): Array<[string, unknown]> =>
  node && typeof node === 'object' && !Array.isArray(node)
    ? Object.entries(node).flatMap(([k, v]) => leaves(v, [...path, k]))
    : [[path.join('.'), node]];

describe('the i18n catalogue (src/domain/i18n/en)', () => {
  it('imports nothing but its own files', () => {
    expect(FILES.length).toBeGreaterThan(20);
    const outside = FILES.flatMap((f) =>
      [...readFileSync(join(EN, f), 'utf8').matchAll(/\bfrom\s+'([^']+)'|\bimport\s*\(\s*'([^']+)'/g)]
        .map((m) => m[1] ?? m[2])
        .filter((spec) => !/^\.\/[\w-]+$/.test(spec))
        .map((spec) => `${f}: ${spec}`),
    );
    expect(outside).toEqual([]);
  });

  it('holds data only: no function, no computed call', () => {
    const code = FILES.filter((f) =>
      /=>|\bfunction\b|\.map\(|Object\.\w+\(/.test(readFileSync(join(EN, f), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')),
    );
    expect(code).toEqual([]);
    const notText = leaves(EN_MESSAGES).filter(([, v]) => typeof v !== 'string' && !Array.isArray(v));
    expect(notText).toEqual([]);
  });

  it('writes placeholders the polyglot way (%{name}), never ${…} or {name}', () => {
    const odd = leaves(EN_MESSAGES)
      .filter(([, v]) => typeof v === 'string' && /\$\{|(?<![%{])\{(?!\{)\w+\}(?!\})/.test(v))
      .map(([k]) => k);
    // {meetingLink} and {{patientName}} are template placeholders of the lab texts (lab-templates.ts), not polyglot's.
    expect(odd.filter((k) => !k.startsWith('lab.'))).toEqual([]);
  });

  it('names the upload limit of files.ts', () => {
    const mb = `${MAX_UPLOAD_BYTES / 1024 / 1024} MB`;
    expect(BOOKING_FIELD_TEXT.fileSize).toBe(`The file is larger than the ${mb} limit`);
    expect(BOOKING_FIELD_TEXT.fileRules).toBe(`.pdf, .jpg, .jpeg or .png, at most ${mb}`);
  });

  it('is where the domain tables read their titles and labels', () => {
    const routeKey = (path: string) => (path === '/' ? 'home' : path.replace(/^\//, '').replace(/\//g, '_'));
    expect(Object.fromEntries(PORTAL_ROUTES.map((r) => [routeKey(r.path), r.title]))).toEqual(EN_MESSAGES.route);
    expect(Object.fromEntries(DASHBOARD_CARDS.map((c) => [c.key, c.title]))).toEqual(EN_MESSAGES.dashboard.cards);
    expect(Object.fromEntries(DASHBOARD_LOCATIONS.map((l) => [l.code, l.label]))).toEqual(EN_MESSAGES.dashboard.locations);
    expect(Object.fromEntries(CARE_LOCATIONS.map((l) => [l.code, l.label]))).toEqual(
      Object.fromEntries(Object.entries(EN_MESSAGES.booking.locations).filter(([code]) => code !== 'ALL')),
    );
    expect(Object.fromEntries(MANAGE_LAB_ORDER_STEPS.map((s) => [s.key, s.title]))).toEqual(EN_MESSAGES.kit.steps);
  });
});
