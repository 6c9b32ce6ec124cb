// Secrets and personal data in JSON values, hidden before a client's log leaves the page and again
// on the server (which re-masks what it receives with the same rules): tokens and sign-in codes,
// phones, names, addresses. Pure rules; src/log re-exports them for the log's export and recorder.
import { maskPhoneForLog } from './phone';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** 'Иван' → 'И***'; '' stays ''. */
export function maskName(name: string): string {
  const first = Array.from(name.trim())[0];
  return first === undefined ? '' : `${first}***`;
}

/** What a token field holds in an export: the field stays (SignedIn/CompleteSignIn require it) but not its value. */
export const REDACTED = '[redacted]';
/** Keys whose value is a secret: the auth token and any other bearer/response token. */
const TOKEN_KEY = /^(token|.*Token)$/;
/** Keys holding a phone number; masked wholesale. */
const PHONE_KEY = /phone/i;
/** Keys holding a person's name wherever they appear. */
const PERSON_NAME_KEY = /^(userName|customerName|firstName|lastName|middleName|fullName|recipientName)$/;
/** Messages (`{ type, data }`) whose data is about the person: EditProfile's `changes.name` has no phone beside it. */
const PERSONAL_MESSAGE = /Profile|SignIn|SignedIn|SubmitCode/;
/**
 * A run of 10+ digits written with spaces (no-break ones too), hyphens, en and em dashes, dots,
 * slashes or brackets between them, optionally after '+'.
 */
const DIGIT_RUN = /\+?\d(?:[\s()./\u2013\u2014-]*\d){9,}/g;
/** What maskPhoneForLog makes of a valid phone: masking an exported log again keeps it as it is. */
const ALREADY_MASKED = /^\+7 \(\*\*\*\) \*\*\*-\*\*-\d{2}$/;
const UUID_INSIDE = /[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}/i;
const UUID_ANYWHERE = /[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}/gi;
const UUID = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;

/** Masks every phone-like run of 10 or more digits inside free text (comments, addresses, messages). */
export function maskPhonesInText(text: string, mask: (phone: string) => string = maskPhoneForLog): string {
  if (UUID.test(text)) return text;
  if (!UUID_INSIDE.test(text)) return text.replace(DIGIT_RUN, (run) => mask(run));
  // Ids built on a UUID ('<uuid>:1' cart lines) keep it whole; the text around it is masked.
  let out = '';
  let last = 0;
  for (const found of text.matchAll(UUID_ANYWHERE)) {
    const at = found.index ?? 0;
    out += text.slice(last, at).replace(DIGIT_RUN, (run) => mask(run)) + found[0];
    last = at + found[0].length;
  }
  return out + text.slice(last).replace(DIGIT_RUN, (run) => mask(run));
}

export type RedactOptions = {
  maskPhone?: (phone: string) => string;
  maskName?: (name: string) => string;
  /**
   * Also mask where the customer lives: address fields and comments to 'Л***', coordinates to
   * 0.01° (about 1 km). Off for the server's second pass, which keeps what the customer agreed to send.
   */
  maskAddresses?: boolean;
};

/** Keys of an address's parts, of an address as text, and of free-text comments. */
const ADDRESS_KEY = /^(street|home|apartment|entrance|floor|intercom|comment|address)$/;
const COORDINATE_KEY = /^(lat|lon)$/;

/**
 * Deep-copies a JSON value, hiding secrets and masking personal data:
 * - the value of any key named `token` (or ending in `Token`) becomes REDACTED, so the token is
 *   gone but events that require the field (SignedIn) still validate and replay;
 * - any string under a key containing `phone` is masked ('+7 (***) ***-**-67'), and phone-like
 *   runs of 10+ digits are masked inside every other string (comments, messages);
 * - in an object that has a phone key (a user, a promo-check customer, a profile edit) and in the
 *   plain objects nested in it, and in the data of profile and sign-in messages (EditProfile's
 *   `changes`), `name` is masked ('И***'), as are keys such as
 *   `userName`/`customerName` anywhere. Arrays do not inherit this, so product names in a
 *   promo-check order's items, and product, group and city names in general, stay readable.
 */
export function redactValue(value: unknown, options: RedactOptions = {}): unknown {
  const phoneMask = options.maskPhone ?? maskPhoneForLog;
  const nameMask = options.maskName ?? maskName;
  const visit = (v: unknown, key: string | undefined, personal: boolean): unknown => {
    if (key !== undefined && TOKEN_KEY.test(key) && v !== null && v !== undefined) return REDACTED;
    if (typeof v === 'string') {
      if (key !== undefined && PHONE_KEY.test(key)) return ALREADY_MASKED.test(v) ? v : phoneMask(v);
      if (key !== undefined && (PERSON_NAME_KEY.test(key) || (personal && key === 'name'))) return nameMask(v);
      if (options.maskAddresses === true && key !== undefined && ADDRESS_KEY.test(key)) return maskName(v);
      return maskPhonesInText(v, phoneMask);
    }
    if (options.maskAddresses === true && typeof v === 'number' && key !== undefined && COORDINATE_KEY.test(key))
      return Math.round(v * 100) / 100;
    // A phone stored as a number (10+ digits) under a phone key becomes its masked text.
    if (typeof v === 'number' && key !== undefined && PHONE_KEY.test(key) && Number.isInteger(v) && Math.abs(v) >= 1e9)
      return phoneMask(String(v));
    if (Array.isArray(v)) return v.map((item) => visit(item, key, false));
    if (isRecord(v)) {
      if (holdsSignInCode(v)) return visit(withoutSignInCode(v), key, personal);
      const keys = Object.keys(v);
      const inner = personal || keys.some((k) => PHONE_KEY.test(k));
      const personalMessage = typeof v.type === 'string' && PERSONAL_MESSAGE.test(v.type);
      const out: Record<string, unknown> = {};
      // A key may hold a phone too (a record keyed by number): it is masked like free text.
      for (const k of keys)
        out[maskPhonesInText(k, phoneMask)] = visit(v[k], k, inner || (personalMessage && k === 'data'));
      return out;
    }
    return v;
  };
  return visit(value, undefined, false);
}

/**
 * Every personal part masked (phones, names, addresses, comments, coordinates) and secrets
 * hidden, with the shape kept: the app's state and log hold phones as strings, so every string
 * stays a string and every number a number.
 */
export function redactPersonal<T>(value: T): T {
  return redactValue(value, { maskAddresses: true }) as T;
}

/** Whether a JSON value holds a secret anywhere: a token value (a key named `token` or ending in `Token`) or an SMS sign-in code. */
/** Messages whose `data.code` is the one-time SMS sign-in code: a credential while it lives. */
const SIGN_IN_CODE_MESSAGE = /^(SubmitCode|CodeSubmitted)$/;

function holdsSignInCode(value: Record<string, unknown>): boolean {
  if (typeof value.type !== 'string' || !SIGN_IN_CODE_MESSAGE.test(value.type) || !isRecord(value.data)) return false;
  const code = value.data.code;
  return typeof code === 'string' && code !== REDACTED;
}

/** The message with its sign-in code hidden (other fields untouched). */
function withoutSignInCode(value: Record<string, unknown>): Record<string, unknown> {
  return isRecord(value.data) ? { ...value, data: { ...value.data, code: REDACTED } } : value;
}

export function containsSecret(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(containsSecret);
  if (!isRecord(value)) return false;
  if (holdsSignInCode(value)) return true;
  for (const [k, v] of Object.entries(value)) {
    if (TOKEN_KEY.test(k) && v !== null && v !== undefined && v !== REDACTED) return true;
    if (typeof v === 'object' && v !== null && containsSecret(v)) return true;
  }
  return false;
}

/**
 * Hides the secrets only: every token value and SMS sign-in code becomes REDACTED, nothing else changes (phones and
 * names stay, this is for the customer's own browser). The recorder applies it to every entry and
 * snapshot it keeps, so the token never reaches storage. Returns the value itself when it holds
 * no secret (no copy of a big CatalogLoaded for nothing).
 */
export function redactSecrets<T>(value: T): T {
  if (!containsSecret(value)) return value;
  const visit = (v: unknown, key: string | undefined): unknown => {
    if (key !== undefined && TOKEN_KEY.test(key) && v !== null && v !== undefined) return REDACTED;
    if (Array.isArray(v)) return v.map((item) => visit(item, undefined));
    if (isRecord(v)) {
      if (!containsSecret(v)) return v;
      const record = holdsSignInCode(v) ? withoutSignInCode(v) : v;
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(record)) out[k] = visit(record[k], k);
      return out;
    }
    return v;
  };
  // The copy has the input's structure exactly; only string/null token values were replaced.
  return visit(value, undefined) as T;
}
