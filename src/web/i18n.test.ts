import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { EN_MESSAGES } from '../domain/i18n/en';
import { PORTAL_ROUTES } from '../domain/shared/routes';
import { portalMessages } from './providers/i18nProvider';
import { routeTitleKey, routeTitleMessages } from './routeTitles';

/*
 * The portal's texts come from the one catalogue (src/domain/i18n/en). Read from the syntax of every source file of
 * src/web (tests and test utilities left out):
 * - every key the code hands to be translated is in the catalogue: the literal first argument of translate(…) (the
 *   function useTranslate() returns, whatever it is named) and of notify(…), and a key-shaped literal of a prop
 *   react-admin or the portal's dialogs translate (label, title, content, emptyText, submitLabel, confirmLabel …);
 * - no JSX element holds a literal text: a text people read is a catalogue key, translated.
 */

const WEB = __dirname;
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test-utils' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !/Fixtures?\.tsx?$/.test(name) ? [path] : [];
  });
const FILES = sourceFiles(WEB).map((file) => ({
  file: relative(WEB, file),
  source: ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  ),
}));

const walk = (node: ts.Node, visit: (n: ts.Node) => void) => {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
};
const literalOf = (node: ts.Node | undefined): string | null =>
  node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : null;

/** A message key: a namespace and at least one more segment ('ui.signIn', 'ra.action.save'). */
const KEY = /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9_-]+)+$/;
/** Props whose text react-admin or the portal's own components translate. */
const TRANSLATED_PROPS = new Set([
  'label',
  'title',
  'content',
  'emptyText',
  'placeholder',
  'helperText',
  'submitLabel',
  'confirmLabel',
  'cancelLabel',
  'confirm',
  'cancel',
  'successMessage',
  'failureMessage',
]);

interface Use {
  file: string;
  key: string;
}

/** The keys a file hands to be translated (see the header). */
function usesOf(file: string, source: ts.SourceFile): Use[] {
  const translators = new Set(['translate', 'notify']);
  walk(source, (n) => {
    // const t = useTranslate(); const notify = useNotify();
    if (
      ts.isVariableDeclaration(n) &&
      ts.isIdentifier(n.name) &&
      n.initializer &&
      ts.isCallExpression(n.initializer) &&
      ts.isIdentifier(n.initializer.expression) &&
      /^use(Translate|Notify)$/.test(n.initializer.expression.text)
    )
      translators.add(n.name.text);
  });
  const uses: Use[] = [];
  walk(source, (n) => {
    if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && translators.has(n.expression.text)) {
      const key = literalOf(n.arguments[0]);
      if (key !== null && KEY.test(key)) uses.push({ file, key });
    }
    if (ts.isJsxAttribute(n) && TRANSLATED_PROPS.has(n.name.getText(source)) && n.initializer) {
      const key = literalOf(ts.isJsxExpression(n.initializer) ? n.initializer.expression : n.initializer);
      if (key !== null && KEY.test(key)) uses.push({ file, key });
    }
  });
  return uses;
}

const lookup = (key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), portalMessages);

/** The literal texts of JSX elements (JSXText with a letter) in a file. */
const jsxTextsOf = (source: ts.SourceFile): string[] => {
  const texts: string[] = [];
  walk(source, (n) => {
    if (ts.isJsxText(n) && /\p{L}/u.test(n.text)) texts.push(n.text.trim());
    // {'Some text'} as an element's child is a literal text too
    if (ts.isJsxExpression(n) && (ts.isJsxElement(n.parent) || ts.isJsxFragment(n.parent)) && /\p{L}/u.test(literalOf(n.expression) ?? ''))
      texts.push(literalOf(n.expression)!);
  });
  return texts;
};

/**
 * Literal texts still written in a translated prop (not a key) — a shrinking allowlist: remove an entry when its text
 * moves to the catalogue, never add one. The app bar's title is react-admin's <Admin title>; "MM/YY" is the card
 * expiry field's input mask; "steps" names the Manage Lab Order stepper for screen readers.
 */
const LITERAL_PROP_ALLOWLIST: Record<string, string[]> = {
  'App.tsx': ['title="Clinician Portal"'],
  'lab-orders/StepCards.tsx': ['aria-label="steps"'],
  'payment/PaymentFields.tsx': ['placeholder="MM/YY"'],
};

describe('portal texts and the catalogue', () => {
  const USES = FILES.flatMap(({ file, source }) => usesOf(file, source));

  it('finds the translated keys of the portal (the scan works)', () => {
    expect(FILES.length).toBeGreaterThan(200);
    expect(USES.length).toBeGreaterThan(700);
    expect(USES).toContainEqual({ file: join('layout', 'LoginPage.tsx'), key: 'ui.signIn' });
    expect(USES.some((u) => u.file.endsWith('.tsx') && u.key.startsWith('ra.action.'))).toBe(true);
  });

  it('has every key the portal translates in the catalogue, as a text', () => {
    const missing = USES.filter(({ key }) => typeof lookup(key) !== 'string').map(({ file, key }) => `${file}: ${key}`);
    expect(missing).toEqual([]);
  });

  it('is the catalogue of the portal: react-admin’s messages plus the project’s tree, route titles included', () => {
    for (const namespace of Object.keys(EN_MESSAGES)) expect(portalMessages).toHaveProperty(namespace);
    expect(portalMessages.route).toEqual(routeTitleMessages);
    for (const r of PORTAL_ROUTES) expect(lookup(routeTitleKey(r.path))).toBe(r.title);
  });

  it('has no literal text in JSX: every text people read is translated', () => {
    const literal = FILES.flatMap(({ file, source }) => jsxTextsOf(source).map((text) => `${file}: ${text}`));
    expect(literal).toEqual([]);
  });

  it('has no literal text in a translated prop beyond the shrinking allowlist', () => {
    const found: Record<string, string[]> = {};
    for (const { file, source } of FILES) {
      walk(source, (n) => {
        if (!ts.isJsxAttribute(n) || !n.initializer) return;
        const name = n.name.getText(source);
        if (!TRANSLATED_PROPS.has(name) && name !== 'aria-label' && name !== 'alt') return;
        const text = literalOf(ts.isJsxExpression(n.initializer) ? n.initializer.expression : n.initializer);
        if (text !== null && /\p{L}/u.test(text) && !KEY.test(text)) (found[file] ??= []).push(`${name}=${JSON.stringify(text)}`);
      });
    }
    expect(found).toEqual(LITERAL_PROP_ALLOWLIST);
  });
});
