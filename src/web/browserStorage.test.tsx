// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { AdminContext, TestMemoryRouter, type Store } from 'react-admin';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LAB_TEXT } from '../domain/i18n/en/lab';
import { portalProviders } from './bootstrap';
import { LabResultsPage } from './lab-results/LabResultsPage';
import { BASE, labRow, LICENCE_STATES } from './test-utils/labFixtures';
import { configureAmplify, purgeLegacyStorage } from './providers/amplify';
import { createDataProvider } from './providers/dataProvider';
import { createApiFetch } from './providers/httpClient';
import { i18nProvider } from './providers/i18nProvider';
import type { RuntimeConfig } from './providers/runtimeConfig';

/**
 * The session leaves nothing in localStorage: amplify keeps the Cognito tokens in sessionStorage and
 * react-admin's store (list parameters with the patient search text) is in memory. Real amplify and react-admin,
 * the user pool and the API answered by msw.
 */
const COGNITO = 'http://cognito.test';
const config: RuntimeConfig = {
  region: 'us-east-1',
  userPoolId: 'us-east-1_pool',
  userPoolClientId: 'client1',
  userPoolEndpoint: COGNITO,
  authFlowType: 'USER_PASSWORD_AUTH',
  idle: { timeoutSeconds: 900, warningSeconds: 60 },
};

const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);
const jwt = (claims: object) => `${b64url({ alg: 'RS256', kid: 'k1' })}.${b64url(claims)}.c2ln`;
const ID_TOKEN = jwt({
  sub: 'sub-1',
  token_use: 'id',
  'cognito:username': 'sub-1',
  'cognito:groups': ['clinicians'],
  email: 'jane@example.com',
  aud: 'client1',
  iss: `${COGNITO}/us-east-1_pool`,
  iat: now(),
  exp: now() + 3600,
});
const ACCESS_TOKEN = jwt({ sub: 'sub-1', token_use: 'access', username: 'sub-1', client_id: 'client1', iat: now(), exp: now() + 3600 });

const searches: string[] = [];
const bearer: string[] = [];
const signOuts: string[] = [];
const server = setupServer(
  http.post(`${COGNITO}/`, ({ request }) => {
    const target = request.headers.get('x-amz-target');
    if (target === 'AWSCognitoIdentityProviderService.InitiateAuth') {
      return HttpResponse.json({
        AuthenticationResult: { IdToken: ID_TOKEN, AccessToken: ACCESS_TOKEN, RefreshToken: 'refresh-secret', ExpiresIn: 3600, TokenType: 'Bearer' },
        ChallengeParameters: {},
      });
    }
    if (target === 'AWSCognitoIdentityProviderService.RevokeToken') return HttpResponse.json({});
    return HttpResponse.json({ __type: 'NotImplemented', message: String(target) }, { status: 400 });
  }),
  http.post('*/secure/account/signOut', ({ request }) => {
    signOuts.push(request.headers.get('authorization') ?? '');
    return HttpResponse.json({ signedOut: true });
  }),
  http.get(`${BASE}/secure/license/validAndInvalidStates`, () => HttpResponse.json(LICENCE_STATES)),
  http.get(`${BASE}/secure/testResult`, ({ request }) => {
    const url = new URL(request.url);
    searches.push(url.searchParams.get('q') ?? '');
    bearer.push(request.headers.get('authorization') ?? '');
    return HttpResponse.json({ items: [labRow({ kitId: 'KT0000001' })], total: 1 });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const storageKeys = (storage: Storage) => Array.from({ length: storage.length }, (_, i) => storage.key(i) ?? '');

function renderLabResults(store: Store) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const { authProvider } = portalProviders(config);
  render(
    <TestMemoryRouter initialEntries={['/result']}>
      <AdminContext
        authProvider={authProvider}
        store={store}
        i18nProvider={i18nProvider}
        queryClient={queryClient}
        dataProvider={createDataProvider(createApiFetch({ baseUrl: BASE }))}
      >
        <LabResultsPage />
      </AdminContext>
    </TestMemoryRouter>,
  );
}

describe('browser storage of a session', () => {
  it('after sign-in and a patient search, localStorage is empty: tokens in sessionStorage, list parameters in memory', async () => {
    localStorage.clear();
    configureAmplify(config);
    const providers = portalProviders(config);
    await providers.authProvider.login({ username: 'jane@example.com', password: 'pw' });

    expect(storageKeys(sessionStorage).some((k) => k.startsWith('CognitoIdentityServiceProvider.client1.'))).toBe(true);
    expect(Object.values({ ...sessionStorage })).toContain(ID_TOKEN);

    renderLabResults(providers.store!);
    await screen.findByText('KT0000001');
    fireEvent.change(screen.getByLabelText(LAB_TEXT.search), { target: { value: 'ann lee' } });
    await waitFor(() => expect(searches.at(-1)).toBe('ann lee'));
    expect(bearer.at(-1)).toBe(`Bearer ${ID_TOKEN}`); // the API call used the token from sessionStorage
    // the search went through react-admin's store, which keeps it in memory only
    await waitFor(() => expect(JSON.stringify(providers.store!.getItem('lab-results.listParams'))).toContain('ann lee'));

    expect(storageKeys(localStorage)).toEqual([]);
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('ann lee');

    await providers.authProvider.logout({});
    expect(signOuts).toEqual([`Bearer ${ID_TOKEN}`]); // the server revoked the session before amplify forgot it
    expect(storageKeys(sessionStorage).filter((k) => k.startsWith('CognitoIdentityServiceProvider.'))).toEqual([]);
    expect(storageKeys(localStorage)).toEqual([]);
  });

  it('start-up removes what earlier versions left in localStorage (tokens, persisted store), and keeps other settings', () => {
    localStorage.setItem('CognitoIdentityServiceProvider.client1.sub-1.refreshToken', 'old-refresh');
    localStorage.setItem('CognitoIdentityServiceProvider.client1.LastAuthUser', 'sub-1');
    localStorage.setItem('RaStore.lab-results.listParams', '{"filter":{"q":"ann lee"}}');
    localStorage.setItem('RaStore.version', '1');
    localStorage.setItem('portal.bookingCalendar', '{"view":"week"}');
    purgeLegacyStorage();
    expect(storageKeys(localStorage)).toEqual(['portal.bookingCalendar']);
    localStorage.clear();
  });
});
