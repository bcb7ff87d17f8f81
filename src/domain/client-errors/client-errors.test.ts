import { describe, expect, it } from 'vitest';
import { clientErrorReport, componentNames, redactErrorMessage, routePattern } from './client-errors';
import { clientErrorReportSchema } from './client-errors-schema';

describe('client error reports name the code, never the patient', () => {
  it('the route is the path pattern: ids and the query left out', () => {
    expect(routePattern('/BookingDetails?bookingId=BK000157')).toBe('/BookingDetails');
    expect(routePattern('/inbox/0b5c1d2e-aaaa-4bbb-8ccc-123456789012')).toBe('/inbox/:id');
    expect(routePattern('/result/KT0000001')).toBe('/result/:id');
    expect(routePattern('')).toBe('/');
  });
  it('keeps a code message; takes out e-mails, numbers and long quoted values', () => {
    expect(redactErrorMessage("Cannot read properties of undefined (reading 'IDENTITY_PASSPORT')")).toBe(
      "Cannot read properties of undefined (reading 'IDENTITY_PASSPORT')",
    );
    expect(redactErrorMessage('no patient jane.doe@example.com born 1970-01-26')).toBe('no patient [email] born [n]-[n]-[n]');
    expect(redactErrorMessage(`bad value "${'Laura Gonzalez, 12 Main Street, Reno'.padEnd(45, '.')}"`)).toBe('bad value "[value]"');
    expect(redactErrorMessage('first line\nsecond line with data')).toBe('first line');
    expect(redactErrorMessage('x'.repeat(500))).toHaveLength(300);
  });
  it('component names from a React component stack', () => {
    const stack =
      '\n    at VisitSummaryDialog (http://127.0.0.1/assets/a.js:1:2)\n    at BookingDetailPage (http://127.0.0.1/assets/b.js:3:4)\n    at div';
    expect(componentNames(stack)).toEqual(['VisitSummaryDialog', 'BookingDetailPage']);
    expect(componentNames(undefined)).toEqual([]);
  });
  it('a report passes the server schema', () => {
    const report = clientErrorReport(
      '/BookingDetails',
      new TypeError("Cannot read properties of undefined (reading 'x')"),
      '\n    at BookingHeader (x.js:1:1)',
    );
    expect(report).toEqual({
      route: '/BookingDetails',
      name: 'TypeError',
      message: "Cannot read properties of undefined (reading 'x')",
      components: ['BookingHeader'],
    });
    expect(clientErrorReportSchema.safeParse(report).success).toBe(true);
    expect(clientErrorReportSchema.safeParse({ ...report, route: '/x?patient=Jane' }).success).toBe(false);
    expect(clientErrorReport('/x', 'thrown string').name).toBe('Error');
  });
});
