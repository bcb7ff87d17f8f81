import { ENV_VARS, type EnvVar } from './schema';

/**
 * The text of `.env.example`, made from the schema: each variable with its description, and its default (or an
 * example value) commented out, secrets left empty. `npm run env:example` writes it; a unit test fails when the file
 * in the repository differs.
 */
export function envExample(): string {
  const lines = [
    '# Environment of the API server (generated from src/server/env/schema.ts by `npm run env:example`; do not edit).',
    '# Unset variables take the default shown; "required" ones must be set in production (PORTAL_MODE unset or production).',
    '',
  ];
  for (const [name, spec] of Object.entries(ENV_VARS) as Array<[string, EnvVar]>) {
    const tags = [spec.required ? 'required' : null, spec.secret ? 'secret' : null].filter(Boolean).join(', ');
    lines.push(`# ${spec.description}${tags ? ` (${tags})` : ''}`);
    const value = spec.secret ? '' : String(spec.default ?? spec.example ?? '');
    lines.push(
      spec.required || (spec.default === undefined && spec.example !== undefined && !spec.secret) ? `${name}=${value}` : `# ${name}=${value}`,
    );
  }
  return `${lines.join('\n')}\n`;
}
