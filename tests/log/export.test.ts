import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maskName, maskPhonesInText, redactValue } from '../../src/log/log';
import { exportLogWith } from '../../src/log/logCodec';
import { assertProperty } from '../domain/fcRuns';
import { toyCodec, toyLog } from './toy';

/** Every 10-digit window of a phone's digits ('+79991234567' → '7999123456', '9991234567'). */
function tenDigitRuns(phone: string): string[] {
  const digits = phone.replace(/\D/g, '');
  const runs: string[] = [];
  for (let i = 0; i + 10 <= digits.length; i++) runs.push(digits.slice(i, i + 10));
  return runs;
}

/** True when the JSON text, or the digits of any string in it, still hold a 10-digit run of the phone. */
function leaks(value: unknown, phone: string): boolean {
  const runs = tenDigitRuns(phone);
  const text = JSON.stringify(value);
  if (runs.some((r) => text.includes(r))) return true;
  const strings: string[] = [];
  JSON.parse(text, (_k, v: unknown) => {
    if (typeof v === 'string') strings.push(v.replace(/\D/g, ''));
    return v;
  });
  return strings.some((s) => runs.some((r) => s.includes(r)));
}

/** The ways a customer's phone is written: normalised, displayed, with 8, bare national, spaced. */
const phoneArb = fc
  .string({ unit: fc.constantFrom(...'0123456789'.split('')), minLength: 9, maxLength: 9 })
  .map((rest) => `+79${rest}`);
function writings(phone: string): string[] {
  const n = phone.slice(2);
  const [a, b, c, d] = [n.slice(0, 3), n.slice(3, 6), n.slice(6, 8), n.slice(8)];
  return [
    phone,
    `+7 (${a}) ${b}-${c}-${d}`,
    `8${n}`,
    `8 (${a}) ${b}-${c}-${d}`,
    n,
    `+7 ${a} ${b} ${c} ${d}`,
    `7-${a}-${b}-${c}-${d}`,
    `8.${a}.${b}.${c}.${d}`,
  ];
}
const textAround = fc.string({ unit: fc.constantFrom(...'ab йцукен,.:!?-()1'.split('')), maxLength: 8 });

describe('redaction for export (DESIGN point 6: "export redacts the token and masks personal data")', () => {
  it('hides every token value, masks phones and the names of people, keeps product names', () => {
    const input = {
      auth: { status: 'signed-in', token: 'secret-1' },
      user: { user: { id: 'u1', phone: '+79991234567', name: 'Иван', balance: 10 } },
      cart: { items: [{ id: 'l1', product: { id: 'p1', name: 'Филадельфия' }, quantity: 2 }] },
      promo: {
        customer: { phone: '+79991234567', name: 'Иван' },
        order: { phone: '+79991234567', items: [{ name: 'Пепперони' }] },
      },
      profile: { phone: '+79991234567', changes: { name: 'Иван' } },
      nested: [{ accessToken: 'secret-2', captchaToken: 'secret-3', tokens: 5, refreshToken: null }],
      address: { comment: 'позвонить за час: 8 (999) 123-45-67', userName: 'Мария' },
    };
    const out = redactValue(input);
    expect(out).toEqual({
      auth: { status: 'signed-in', token: '[redacted]' },
      user: { user: { id: 'u1', phone: '+7 (***) ***-**-67', name: 'И***', balance: 10 } },
      cart: { items: [{ id: 'l1', product: { id: 'p1', name: 'Филадельфия' }, quantity: 2 }] },
      promo: {
        customer: { phone: '+7 (***) ***-**-67', name: 'И***' },
        order: { phone: '+7 (***) ***-**-67', items: [{ name: 'Пепперони' }] },
      },
      profile: { phone: '+7 (***) ***-**-67', changes: { name: 'И***' } },
      nested: [{ accessToken: '[redacted]', captchaToken: '[redacted]', tokens: 5, refreshToken: null }],
      address: { comment: 'позвонить за час: +7 (***) ***-**-67', userName: 'М***' },
    });
    expect(JSON.stringify(out)).not.toContain('secret');
  });

  it('leaves ids, ISO times and short numbers in text alone', () => {
    const uuid = '12345678-1234-1234-1234-123456789012';
    expect(redactValue({ id: uuid, at: '2026-11-23T09:01:13+08:00', text: 'дом 12, кв. 345' })).toEqual({
      id: uuid,
      at: '2026-11-23T09:01:13+08:00',
      text: 'дом 12, кв. 345',
    });
    expect(maskPhonesInText('тел. 9991234567!')).toBe('тел. ********67!');
  });

  it("masks a name to its first letter: 'Иван' → 'И***'", () => {
    expect(maskName('Иван')).toBe('И***');
    expect(maskName('  Ёжик')).toBe('Ё***');
    expect(maskName('')).toBe('');
  });

  it('exportLog redacts commands, events and the snapshot and still yields a valid log', () => {
    const log = toyLog({ snapshot: { position: 0, state: { count: 1, names: ['+7 (999) 123-45-67'] } } });
    const first = log.entries[0];
    if (!first) throw new Error('fixture');
    first.command = { type: 'SignIn', data: { phone: '+79991234567', name: 'Иван', token: 'secret' } };
    const out = exportLogWith(toyCodec, log);
    expect(out.snapshot?.state.names).toEqual(['+7 (***) ***-**-67']);
    expect(out.entries[0]?.command).toEqual({
      type: 'SignIn',
      data: { phone: '+7 (***) ***-**-67', name: 'И***', token: '[redacted]' },
    });
    expect(out.entries[2]?.events[1]).toEqual({ type: 'NameRecorded', data: { name: 'Иван' } });
    expect(log.entries[0]?.command?.data.token).toBe('secret');
  });

  it('property: no exported value holds a 10-digit run of the phone it was given', () => {
    const leaf = (phone: string) =>
      fc.oneof(
        fc.tuple(textAround, fc.constantFrom(...writings(phone)), textAround).map(([a, p, b]) => `${a}${p}${b}`),
        fc.string({ maxLength: 6 }),
        fc.integer(),
        fc.constant(null),
      );
    const key = fc.oneof(
      fc.constantFrom('phone', 'name', 'comment', 'token', 'customerPhone', 'data', 'items'),
      fc.string({ maxLength: 5 }),
    );
    assertProperty(
      fc.property(
        phoneArb.chain((phone) =>
          fc.tuple(
            fc.constant(phone),
            fc.letrec<{ node: unknown }>((tie) => ({
              node: fc.oneof(
                { depthSize: 'small', withCrossShrink: true },
                leaf(phone),
                fc.array(tie('node'), { maxLength: 4 }),
                fc.dictionary(key, tie('node'), { maxKeys: 5 }),
              ),
            })).node,
          ),
        ),
        ([phone, value]) => {
          expect(leaks(redactValue(value), phone)).toBe(false);
        },
      ),
    );
  });
});
