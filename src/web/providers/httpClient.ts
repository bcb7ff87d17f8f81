import { HttpError } from 'react-admin';
import { formatApiError } from '../../domain/shared/errors';
import { ADDRESSEE_TYPE_CLINICIAN, ADDRESSEE_TYPE_HEADER, API_KEY_HEADER, deriveApiKey } from '../../domain/shared/headers';
import { UI_TEXT } from '../../domain/i18n/en/ui';
import { idTokenNow } from './sessionCache';

export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number | boolean>;

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value is sent as JSON; FormData/Blob as is. */
  body?: unknown;
  /** Query parameters; null, undefined and '' are left out, arrays repeat the key. */
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** No answer within this time gives the spec's "request sent, no response" text. */
  timeoutMs?: number;
  /** 'blob' returns the body as a Blob (file downloads such as the CSV exports); JSON by default. */
  responseType?: 'json' | 'blob';
  /**
   * Answer `{ status, headers, body }` instead of the body: for the calls whose success is one particular status
   * (spec 3 §7: 201), and the lists whose count is a header (Content-Range, restProvider.ts).
   */
  withStatus?: boolean;
}

export type ApiFetch = <T = unknown>(path: string, request?: ApiRequest) => Promise<T>;

export interface ApiClientOptions {
  /** The bearer token, or its promise (a token at hand is used without waiting: the request leaves in the caller's task). */
  getToken?: () => string | Promise<string>;
  /** Origin the relative /secure paths resolve against; the page's own by default. */
  baseUrl?: string;
  timeoutMs?: number;
}

export const DEFAULT_TIMEOUT_MS = 60_000;

const isRawBody = (body: unknown) =>
  body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams || body instanceof ArrayBuffer;

function buildUrl(path: string, baseUrl: string, query: ApiRequest['query']): URL {
  const url = new URL(path, baseUrl);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) value.forEach((v) => url.searchParams.append(key, String(v)));
    else url.searchParams.set(key, String(value));
  }
  return url;
}

async function readJson(response: Response): Promise<{ ok: true; value: unknown } | { ok: false }> {
  const text = await response.text().catch(() => '');
  if (text === '') return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** An HttpError carrying the spec's generic error text; status 0 when the spec says NA. */
function toHttpError(error: Parameters<typeof formatApiError>[0], body: unknown = null): HttpError {
  const formatted = formatApiError(error);
  return new HttpError(formatted.message, formatted.status === 'NA' ? 0 : formatted.status, body ?? { status: formatted.status });
}

/**
 * The portal's HTTP client on fetch (spec 1 §7, §8): bearer id token, addressee-type C, JSON content
 * type, api-key derived from the exact body string sent (or the path), and errors thrown as
 * react-admin HttpErrors whose message is the generic formatter's text.
 */
export function createApiFetch(options: ApiClientOptions = {}): ApiFetch {
  const getToken = options.getToken ?? idTokenNow;
  return async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
    const baseUrl = options.baseUrl ?? globalThis.location?.origin ?? 'http://localhost';
    const url = buildUrl(path, baseUrl, request.query);
    const accept = request.responseType === 'blob' ? '*/*' : 'application/json';
    const headers: Record<string, string> = { accept, ...request.headers };

    let body: BodyInit | undefined;
    let bodyString: string | undefined;
    if (request.body !== undefined && request.body !== null) {
      if (isRawBody(request.body)) body = request.body as BodyInit;
      else {
        bodyString = JSON.stringify(request.body); // once: this exact string is sent and keyed
        body = bodyString;
        headers['content-type'] = 'application/json';
      }
    }

    let token: string;
    try {
      const pending = getToken();
      token = typeof pending === 'string' ? pending : await pending;
    } catch (cause) {
      throw new HttpError(UI_TEXT.sessionExpired, 401, { cause: String(cause) });
    }
    headers.authorization = `Bearer ${token}`;
    headers[ADDRESSEE_TYPE_HEADER] = ADDRESSEE_TYPE_CLINICIAN;
    headers[API_KEY_HEADER] = deriveApiKey(url.pathname, bodyString);

    const timeout = new AbortController();
    let timedOut = false;
    const timer = setTimeout(
      () => {
        timedOut = true;
        timeout.abort();
      },
      request.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    );
    const onCallerAbort = () => timeout.abort();
    request.signal?.addEventListener('abort', onCallerAbort);

    let response: Response;
    try {
      response = await fetch(url.toString(), { method: request.method ?? 'GET', headers, body, signal: timeout.signal });
    } catch (error) {
      if (request.signal?.aborted) throw error; // the caller cancelled (react-query): not an error to show
      throw toHttpError({ response: null, requestSent: timedOut });
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onCallerAbort);
    }

    if (response.ok && request.responseType === 'blob') return (await response.blob()) as T;
    const parsed = await readJson(response);
    if (!response.ok) {
      const data = parsed.ok ? parsed.value : undefined;
      throw toHttpError({ response: { status: response.status, data } }, data);
    }
    if (!parsed.ok) throw toHttpError({ response: { status: response.status, data: undefined } });
    if (request.withStatus) return { status: response.status, headers: response.headers, body: parsed.value } as T;
    return parsed.value as T;
  };
}

/** The client every provider uses (token from the session cache, same-origin API). */
export const apiFetch: ApiFetch = createApiFetch();
