import { KIT_TEXTS } from '../i18n/en/kit';

/** The i18n key of a KIT_TEXTS text (`kit.rules.*`), found by its value; null for a text not in KIT_TEXTS. */
export function kitRuleKey(text: string): string | null {
  const walk = (node: Record<string, unknown>, path: string[]): string | null => {
    for (const [k, v] of Object.entries(node)) {
      if (v === text) return ['kit', 'rules', ...path, k].join('.');
      if (v && typeof v === 'object') {
        const hit = walk(v as Record<string, unknown>, [...path, k]);
        if (hit) return hit;
      }
    }
    return null;
  };
  return walk(KIT_TEXTS, []);
}
