// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LAB_TEXT } from '../../domain/i18n/en/lab';
import { labListServer } from '../test-utils/labListFixtures';
import { LabResultsPage } from './LabResultsPage';

const { server, render } = labListServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const setup = (path: string, groups?: string[]) => render(<LabResultsPage />, path, groups);

describe('Lab Results list', () => {
  it('a role without clinical access is told why, with no request, no error and no pager', async () => {
    const urls = setup('/result', ['operation_support']);
    expect(await screen.findByText(LAB_TEXT.noClinicalAccess)).toBeInTheDocument();
    expect(screen.queryByText(/Forbidden/)).toBeNull();
    expect(screen.queryByText(/of 50/)).toBeNull();
    expect(screen.queryByRole('button', { name: LAB_TEXT.export })).toBeNull();
    expect(urls).toEqual([]);
  });

  it.each([
    ['/result?perPage=-5&page=-1', '50', '1'],
    ['/result?perPage=100000&page=1', '200', '1'],
    ['/result?perPage=abc&page=2.5', '50', '1'],
  ])('%s is clamped to an allowed page size and page before asking the server', async (path, perPage, page) => {
    const urls = setup(path);
    await screen.findByText('KT0000485');
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) {
      expect(url.searchParams.get('perPage')).toBe(perPage);
      expect(url.searchParams.get('page')).toBe(page);
    }
    expect(screen.queryByText(/querystring/)).toBeNull();
  });
});
