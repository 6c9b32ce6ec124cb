// The ring's JSON built from pieces serialised once (docs/ARCHITECTURE.md «The bug-report ring»):
// a throttled write joins cached texts instead of stringifying the snapshot and every entry again.
import { redactSecrets } from '../log/log';

/**
 * What can hold a secret once serialised: a key named `token` or ending in `Token` (`…Token":` only
 * occurs as a key, a quote inside a string being escaped) or a sign-in code message. A match may be a
 * false alarm (a `token: null`); it only sends the value through the exact redactSecrets walk.
 */
const MAY_HOLD_SECRET = /"token":|Token":|SubmitCode|CodeSubmitted/;

/**
 * The value with its secrets hidden (redactSecrets) and its JSON. The value's own JSON is checked
 * first, natively: most values (the catalogue above all) hold no token, and walking them in script
 * was the recorder's longest task at start.
 */
export function redactedWithText<T>(value: T): { value: T; text: string } {
  const text = JSON.stringify(value);
  if (!MAY_HOLD_SECRET.test(text)) return { value, text };
  const redacted = redactSecrets(value);
  return redacted === value ? { value, text } : { value: redacted, text: JSON.stringify(redacted) };
}

/** JSON.stringify(value) computed once per object (values are never mutated once recorded). */
export function textCache(): ((value: object) => string) & { remember(value: object, text: string): void } {
  const texts = new WeakMap<object, string>();
  const textOf = (value: object): string => {
    const known = texts.get(value);
    if (known !== undefined) return known;
    const text = JSON.stringify(value);
    texts.set(value, text);
    return text;
  };
  return Object.assign(textOf, { remember: (value: object, text: string) => void texts.set(value, text) });
}

/**
 * A state's areas each through redactedWithText, and the state's JSON joined from theirs: a false
 * alarm (the signed-out `auth.token: null`) walks that area only, never the catalogue.
 */
export function redactedStateWithText<T extends object>(state: T): { value: T; text: string } {
  const parts: string[] = [];
  const out: Record<string, unknown> = {};
  let changed = false;
  for (const [key, area] of Object.entries(state)) {
    const { value, text } = redactedWithText<unknown>(area);
    out[key] = value;
    changed ||= value !== area;
    // JSON.stringify leaves out a key whose value it cannot write (undefined, a function).
    if (typeof text === 'string') parts.push(`${JSON.stringify(key)}:${text}`);
  }
  return { value: changed ? (out as T) : state, text: `{${parts.join(',')}}` };
}
