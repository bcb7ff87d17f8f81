/** The server's error body (ARCHITECTURE: errors are JSON { msg, reason }). */
export interface ApiErrorBody {
  msg?: string;
  reason?: string;
  /** The refused request field (its path, e.g. "name"), on a validation error. */
  field?: string;
}

export interface FormattedError {
  message: string;
  status: number | 'NA';
}

export const NO_RESPONSE_TEXT = 'Error setting up request to serve.Try again,report if persist';
export const FAILED_CALL_TEXT = 'Failed calling server.Try again,report if persist';

/**
 * The generic error formatter of spec 1 §8, reproduced exactly:
 * with a response: (msg or "Internal server error") + ".Reason: " + (reason or "unknown cause");
 * a request sent without response, or a call that never went out: the two fixed texts; status NA when missing.
 */
export function formatApiError(error: {
  response?: { status?: number; data?: unknown } | null;
  requestSent?: boolean;
}): FormattedError {
  if (error.response) {
    const data = (error.response.data ?? {}) as ApiErrorBody;
    const msg = typeof data.msg === 'string' && data.msg ? data.msg : 'Internal server error';
    const reason = typeof data.reason === 'string' && data.reason ? data.reason : 'unknown cause';
    return { message: `${msg}.Reason: ${reason}`, status: error.response.status ?? 'NA' };
  }
  if (error.requestSent) return { message: NO_RESPONSE_TEXT, status: 'NA' };
  return { message: FAILED_CALL_TEXT, status: 'NA' };
}

/** Where the server's schema refusals name the field: "body.x.y: …", "querystring.x: …" (server/http/validation.ts). */
const SCHEMA_ISSUE = /^(?:body|querystring|params|headers)((?:\.[\w-]+)*): (.+)$/;

/** "funFact" → "Fun fact", "address1" → "Address 1", "patient_dob" → "Patient dob". */
const fieldLabel = (name: string) => {
  const words = name.replace(/([a-z])([A-Z0-9])/g, '$1 $2').replace(/_/g, ' ').toLowerCase().trim();
  return words ? words[0].toUpperCase() + words.slice(1) : 'A value';
};

/** One validator message about a field in words: limits, required, else "is not valid"; a rule's own text stays. */
function plainIssue(field: string, message: string): string {
  let m: RegExpMatchArray | null;
  if ((m = message.match(/^Too big: expected string to have <=?(\d+) characters?$/))) return `${field} must be at most ${m[1]} characters`;
  if ((m = message.match(/^Too small: expected string to have >=?(\d+) characters?$/))) {
    return Number(m[1]) <= 1 ? `${field} is required` : `${field} must be at least ${m[1]} characters`;
  }
  if ((m = message.match(/^Too big: expected \w+ to (?:be|have) <=(\d+(?:\.\d+)?)/))) return `${field} must be at most ${m[1]}`;
  if ((m = message.match(/^Too big: expected \w+ to (?:be|have) <(\d+(?:\.\d+)?)/))) return `${field} must be less than ${m[1]}`;
  if ((m = message.match(/^Too small: expected \w+ to (?:be|have) >=(\d+(?:\.\d+)?)/))) return `${field} must be at least ${m[1]}`;
  if ((m = message.match(/^Too small: expected \w+ to (?:be|have) >(\d+(?:\.\d+)?)/))) return `${field} must be more than ${m[1]}`;
  if (/received undefined$/.test(message)) return `${field} is required`;
  if (/^(Invalid|Too big|Too small|Unrecognized)\b/.test(message)) return `${field} is not valid`;
  return message;
}

/**
 * The server's reason as a user reads it: a schema refusal ("querystring.name: Too big: expected string to have
 * <=120 characters") names the field and its rule ("Name must be at most 120 characters") instead of the validator's
 * text; a rule's own message loses only its location; every other reason is kept as the server wrote it.
 */
export function plainReason(reason: string): string {
  const issues = reason.split('; ');
  if (!issues.every((issue) => SCHEMA_ISSUE.test(issue))) return reason;
  return issues.map((issue) => {
    const [, path, message] = issue.match(SCHEMA_ISSUE)!;
    const last = path.split('.').filter((p) => p && !/^\d+$/.test(p)).pop() ?? '';
    return plainIssue(fieldLabel(last), message);
  }).join('; ');
}
