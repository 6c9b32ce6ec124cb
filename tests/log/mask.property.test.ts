// Masking never leaks a full phone number: property tests over arbitrary phone formats
// (+7 / 8 / 7 / bare national / foreign numbers of 10–15 digits, with spaces, no-break spaces,
// hyphens, en and em dashes, dots, slashes and brackets between arbitrary digit groups) placed
// anywhere inside arbitrary JSON (string values, text around them, object keys, phone fields,
// numbers under phone fields), through the client's export (redactValue / exportLog) and the
// server's masking of an uploaded report (maskReport).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLIENT_REPORT_KIND, type ClientReport } from '../../src/api/contract/clientLog';
import { redactValue } from '../../src/log/log';
import { maskReport } from '../../server/services/clientLogs';

const numRuns = Number(process.env.FC_RUNS ?? 1000);

const digit = fc.constantFrom(...'0123456789'.split(''));
const digits = (n: number) => fc.array(digit, { minLength: n, maxLength: n }).map((d) => d.join(''));

/** A phone's digits: a Russian mobile with its country code, or any number of 10–15 digits. */
const phoneDigits = fc.oneof(
  digits(9).map((rest) => `79${rest}`),
  fc.integer({ min: 10, max: 15 }).chain(digits),
);

const separator = fc.constantFrom('', '', ' ', '-', '.', '\u00a0', '–', '—', '/', ' - ', ') ', ' (', '  ');

/** The digits written out: optional '+', optional leading 8 instead of 7, separators between groups. */
const written = phoneDigits.chain((d) =>
  fc
    .tuple(
      fc.boolean(),
      fc.boolean(),
      fc.array(separator, { minLength: d.length - 1, maxLength: d.length - 1 }),
      fc.array(fc.boolean(), { minLength: d.length - 1, maxLength: d.length - 1 }),
    )
    .map(([plus, eight, seps, cut]) => {
      const shown = eight && d.startsWith('7') && d.length === 11 ? `8${d.slice(1)}` : d;
      let text = plus && !(eight && d.startsWith('7')) ? '+' : '';
      for (let i = 0; i < shown.length; i++) {
        text += shown[i];
        if (i < shown.length - 1 && cut[i]) text += seps[i] ?? '';
      }
      return { digits: d, text };
    }),
);

/** Every 10-digit window of the phone's digits (a leak is any of them surviving). */
function windows(d: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + 10 <= d.length; i++) out.push(d.slice(i, i + 10));
  // '+7 912…' written as '8 912…': the national part is what identifies the customer
  if (d.length === 11 && d.startsWith('7')) out.push(d.slice(1));
  return out;
}

/** Every string of a JSON value, keys included, with its non-digits removed. */
function digitStrings(value: unknown): string[] {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === 'string') out.push(v.replace(/\D/g, ''));
    else if (typeof v === 'number') out.push(String(v).replace(/\D/g, ''));
    else if (Array.isArray(v)) v.forEach(walk);
    else if (typeof v === 'object' && v !== null) {
      for (const [k, inner] of Object.entries(v)) {
        out.push(k.replace(/\D/g, ''));
        walk(inner);
      }
    }
  };
  walk(value);
  return out;
}

function leaks(value: unknown, d: string): string | null {
  const runs = windows(d);
  for (const s of digitStrings(value)) for (const r of runs) if (s.includes(r)) return r;
  return null;
}

/** Text that may sit around a phone: anything but digits (digits next to it would make another number). */
const around = fc.string({ maxLength: 12 }).map((s) => s.replace(/[\d+]/g, ''));

const anyKey = fc.oneof(
  fc.constantFrom('phone', 'customerPhone', 'comment', 'name', 'data', 'text', 'address', 'message', 'items'),
  fc.string({ maxLength: 6 }),
);

/** Arbitrary JSON with the phone placed in it in every way a log could carry it. */
function jsonWith(phone: { digits: string; text: string }) {
  const inText = fc.tuple(around, around).map(([a, b]) => `${a}${phone.text}${b}`);
  const leaf = fc.oneof(inText, fc.constant(phone.text), fc.jsonValue({ maxDepth: 1 }));
  const tree = fc.letrec<{ node: unknown }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      fc.array(tie('node'), { maxLength: 4 }),
      fc.dictionary(anyKey, tie('node'), { maxKeys: 4 }),
      // the phone as an object key (a record keyed by number)
      fc.tuple(inText, tie('node')).map(([k, v]) => ({ [k]: v })),
      // a phone field holding the number as a JSON number
      fc.constant({ phone: Number(phone.digits.slice(0, 15)) }),
    ),
  })).node;
  // always at least one occurrence
  return fc.tuple(tree, inText).map(([t, s]) => ({ tree: t, also: s }));
}

describe('masking never leaks a full phone number (property)', () => {
  it('redactValue (what exportLog and every export run) over arbitrary JSON holding arbitrary phone formats', () => {
    fc.assert(
      fc.property(
        written.chain((phone) => fc.tuple(fc.constant(phone), jsonWith(phone))),
        ([phone, value]) => {
          expect(leaks(value, phone.digits)).not.toBeNull();
          expect(leaks(redactValue(value), phone.digits)).toBeNull();
        },
      ),
      { numRuns },
    );
  });

  it('the server masks an uploaded report wherever the phone is: in the log, in earlier logs, in the error and the route', () => {
    fc.assert(
      fc.property(
        written.chain((phone) => fc.tuple(fc.constant(phone), jsonWith(phone), around)),
        ([phone, value, text]) => {
          const log = {
            schemaVersion: 2,
            appVersion: '0.1.0',
            storeVersion: '1',
            entries: [
              {
                position: 1,
                at: '2026-11-23T05:00:00.000Z',
                command: { type: 'EditProfile', data: value },
                events: [{ type: 'ProfileEdited', data: value }],
              },
            ],
          };
          const report: ClientReport = {
            kind: CLIENT_REPORT_KIND,
            appVersion: '0.1.0',
            storeVersion: '1',
            route: `/angarsk/cart?ref=${phone.text}`,
            userAgent: 'test',
            createdAt: '2026-11-23T05:00:00.000Z',
            error: { name: 'Error', message: `${text}${phone.text}`, stack: `at x (${phone.text})` },
            log,
            earlierLogs: [log],
          };
          expect(leaks(maskReport(report), phone.digits)).toBeNull();
        },
      ),
      { numRuns: Math.max(50, Math.floor(numRuns / 4)) },
    );
  });
});

describe('masking keeps ids', () => {
  it("keeps a UUID inside a longer id ('<uuid>:1' cart lines) and still masks a phone beside it", () => {
    const line = 'f0c42090-02ef-4b96-9512-55375f537c34:1';
    expect(redactValue({ id: line })).toEqual({ id: line });
    expect(redactValue({ comment: `${line} звонить 8 912 345-67-89` })).toEqual({
      comment: `${line} звонить +7 (***) ***-**-89`,
    });
  });
});
