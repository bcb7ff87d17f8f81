import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Every flow of the spec is built, so the text catalogue (src/domain/i18n/en/) holds no text announcing a feature
 * for later. The "Not available …" texts that remain are a rule's refusal (a role, a disabled card, a missing label).
 */
const PLACEHOLDER = /later release|not available (yet|in this release)|coming soon|not implemented/i;

/** Every string of a module's exports, with its path (nested catalogues included). */
function stringsOf(value: unknown, path: string, out: [string, string][] = []): [string, string][] {
  if (typeof value === 'string') out.push([path, value]);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) stringsOf(v, `${path}.${k}`, out);
  return out;
}

describe('text catalogue', () => {
  it('has no placeholder text for a later release', async () => {
    const files = readdirSync(new URL('../i18n/en/', import.meta.url)).filter((f) => /\.ts$/.test(f) && !/\.test\.ts$/.test(f));
    expect(files.length).toBeGreaterThan(10);
    const found: string[] = [];
    for (const file of files) {
      const module: Record<string, unknown> = await import(`../i18n/en/${file}`);
      for (const [path, text] of stringsOf(module, file)) if (PLACEHOLDER.test(text)) found.push(`${path}: ${text}`);
    }
    expect(found).toEqual([]);
  });
});
