/**
 * A screen's uncaught render error, as the portal reports it to the server's log (POST /secure/client-errors). It names
 * the code, never the patient: the route is the path's pattern (ids replaced), the message has addresses, numbers and
 * quoted values longer than a code name redacted, and the components are the React component names of the stack.
 */
export const CLIENT_ERRORS_PATH = '/secure/client-errors';
export const MESSAGE_MAX = 300;
export const COMPONENTS_MAX = 8;

/** '/inbox/0b5c…', '/result/KT0000001' -> '/inbox/:id', '/result/:id': a segment with a digit is an id. */
export const routePattern = (pathname: string): string =>
  pathname
    .split('?')[0]
    .split('#')[0]
    .split('/')
    .map((s) => (/\d/.test(s) ? ':id' : s))
    .join('/')
    .slice(0, 120) || '/';

/** The error's message with what could name a person taken out: e-mail addresses, numbers, long quoted values. */
export const redactErrorMessage = (message: string): string =>
  message
    .split('\n')[0]
    .replace(/[^\s@'"]+@[^\s@'"]+/g, '[email]')
    .replace(/(['"`])((?:(?!\1).){41,}?)\1/g, '$1[value]$1')
    .replace(/\d{2,}/g, '[n]')
    .slice(0, MESSAGE_MAX);

/** The component names of a React component stack ("    at BookingHeader (http://…/x.js:1:2)"), innermost first. */
export const componentNames = (componentStack: string | null | undefined): string[] =>
  [...(componentStack ?? '').matchAll(/^\s*(?:at\s+)?([A-Z][A-Za-z0-9_$]*)/gm)].map((m) => m[1]).slice(0, COMPONENTS_MAX);

/** The report the portal sends; the server checks it with clientErrorReportSchema (client-errors-schema.ts). */
export interface ClientErrorReport {
  route: string;
  name: string;
  message: string;
  components: string[];
}

/** The report of an error caught on `pathname`. */
export const clientErrorReport = (pathname: string, error: unknown, componentStack?: string | null): ClientErrorReport => {
  const e = error instanceof Error ? error : new Error(String(error));
  return {
    route: routePattern(pathname),
    name: /^[A-Za-z0-9_$]{1,60}$/.test(e.name) ? e.name : 'Error',
    message: redactErrorMessage(e.message),
    components: componentNames(componentStack).filter((c) => c.length <= 80),
  };
};
