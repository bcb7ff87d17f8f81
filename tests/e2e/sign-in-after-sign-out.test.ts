import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiHeaders, type E2eBrowser, fillSignInForm, idToken, openBrowser, portalUrl, settled, signInToDashboard, waitForGreeting } from './browser';

/**
 * A sign-out refuses every token of the user stamped with its second (token times are whole seconds); a sign-in in
 * another browser in the rest of that second must still end signed in, not back on the login page.
 */
let b: E2eBrowser;
beforeAll(async () => {
  b = await openBrowser();
});
afterAll(async () => {
  await b.close();
});

const USER = 'staff@demo.test';

async function call(path: string, token: string, method: 'GET' | 'POST' = 'GET'): Promise<number> {
  return (await fetch(portalUrl() + path, { method, headers: apiHeaders(path, `Bearer ${token}`) })).status;
}

it('a sign-in in another browser in the same second as a sign-out ends signed in', async () => {
  const { page: first } = await b.newPage();
  await signInToDashboard(first, USER);
  const firstToken = (await idToken(first))!;
  const { page: second } = await b.newPage();
  await fillSignInForm(second, USER);
  // The sign-out at the start of a second and the sign-in right after it: their tokens share that second.
  await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000)));
  expect(await call('/secure/account/signOut', firstToken, 'POST')).toBe(200);
  await second.getByRole('button', { name: 'Sign in' }).click();
  await waitForGreeting(second);
  await settled(second);
  expect(second.url()).toBe(portalUrl() + '/');
  expect(await call('/secure/account/status', (await idToken(second))!)).toBe(200);
  expect(await call('/secure/account/status', firstToken)).toBe(401);
  await first.context().close();
  await second.context().close();
});
