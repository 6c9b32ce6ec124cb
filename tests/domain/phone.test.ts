import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { formatPhone, maskPhoneForLog, maskPhoneInput, normalizePhone, validatePhone } from '../../src/domain/phone';
import { assertProperty } from './fcRuns';

/** One test a rule, each named by its rule: `fn` of every text in the rule's cases gives the text beside it. */
function testRules(fn: (text: string) => string, rules: Record<string, Record<string, string>>) {
  it.each(Object.entries(rules))('%s', (_rule, cases) => {
    for (const [text, expected] of Object.entries(cases)) expect(fn(text), text).toBe(expected);
  });
}

/** What the input field would show after typing `text` one character at a time. */
function typeInto(text: string): string {
  let value = '';
  for (const ch of text) value = maskPhoneInput(value + ch);
  return value;
}

const validPhone = fc
  .array(fc.integer({ min: 0, max: 9 }), { minLength: 10, maxLength: 10 })
  .map((ds) => `+7${ds.join('')}`);

describe('validatePhone (PRODUCT.md §5)', () => {
  it("rejects an empty or blank number with 'Введите номер телефона'", () => {
    expect(validatePhone('')).toEqual({ ok: false, message: 'Введите номер телефона' });
    expect(validatePhone('   \t ')).toEqual({ ok: false, message: 'Введите номер телефона' });
  });

  it("accepts '+7' followed by 10 digits and returns the normalised number", () => {
    expect(validatePhone('+7 (999) 123-45-67')).toEqual({ ok: true, phone: '+79991234567' });
    expect(validatePhone('  +79991234567 ')).toEqual({ ok: true, phone: '+79991234567' });
  });

  it('turns a leading 8 into 7', () => {
    expect(validatePhone('8 (999) 123-45-67')).toEqual({ ok: true, phone: '+79991234567' });
    expect(validatePhone('89991234567')).toEqual({ ok: true, phone: '+79991234567' });
  });

  it("rejects anything but +7 plus 10 digits with 'Неверный формат телефона'", () => {
    const wrong = { ok: false, message: 'Неверный формат телефона' };
    expect(validatePhone('+7 (999) 123-45-6')).toEqual(wrong); // 9 digits
    expect(validatePhone('+7 (999) 123-45-678')).toEqual(wrong); // 11 digits
    expect(validatePhone('9991234567')).toEqual(wrong); // no country code: '+999…'
    expect(validatePhone('+380991234567')).toEqual(wrong);
    expect(validatePhone('телефон')).toEqual(wrong); // not blank, but no digits
  });

  it('every +7 plus 10 digits is accepted as is (property)', () => {
    assertProperty(
      fc.property(validPhone, (phone) => {
        expect(validatePhone(phone)).toEqual({ ok: true, phone });
        expect(validatePhone(formatPhone(phone))).toEqual({ ok: true, phone });
      }),
    );
  });
});

describe('normalizePhone', () => {
  testRules(normalizePhone, {
    "strips non-digits, a leading 8 becomes 7, prefixes '+'": {
      '8 (999) 123-45-67': '+79991234567',
      '+7 999 123 45 67': '+79991234567',
      '7-999': '+7999',
      '8': '+7',
    },
    "gives '' (not a bare '+') when there are no digits at all": { '': '', '(-)': '' },
    'only the first 8 changes': { '88888888888': '+78888888888' },
  });
});

describe('formatPhone: displayed as +7 (XXX) XXX-XX-XX (PRODUCT.md §5)', () => {
  testRules(formatPhone, {
    "formats '+79991234567' as '+7 (999) 123-45-67'": {
      '+79991234567': '+7 (999) 123-45-67',
      '89991234567': '+7 (999) 123-45-67',
    },
    'leaves a string that is not a valid phone unchanged, only trimmed': { ' 12345 ': '12345', '': '' },
  });
});

describe('maskPhoneInput (PRODUCT.md §5 input mask)', () => {
  // Each rule with what the field shows for what is typed.
  testRules(maskPhoneInput, {
    'takes digits only': { abc: '', '': '', '+7 (999) 123-45-67': '+7 (999) 123-45-67' },
    'a leading 8 stays 8: 8 (9XX) XXX-XX-XX': { '8': '8', '89': '8 (9', '89991234567': '8 (999) 123-45-67' },
    'a leading 7 becomes +7': { '7': '+7', '79': '+7 (9', '79991234567': '+7 (999) 123-45-67' },
    "any other first digit becomes '+7 (9' followed by that digit": { '5': '+7 (95', '0': '+7 (90', '1': '+7 (91' },
    'a first digit 9 is itself the start of the second group': {
      '9': '+7 (9',
      '99': '+7 (99',
      '9991234567': '+7 (999) 123-45-67',
    },
    'the second group is forced to start with 9 after +7 or 8': {
      '75': '+7 (95',
      '84': '8 (94',
      '74951234567': '+7 (949) 512-34-56',
    },
  });

  it('formats partially while typing: +7 (9XX) XXX-XX-XX', () => {
    const steps = [
      '+7',
      '+7 (9',
      '+7 (99',
      '+7 (999',
      '+7 (999) 1',
      '+7 (999) 12',
      '+7 (999) 123',
      '+7 (999) 123-4',
      '+7 (999) 123-45',
      '+7 (999) 123-45-6',
      '+7 (999) 123-45-67',
    ];
    const digits = '79991234567';
    steps.forEach((expected, i) => expect(maskPhoneInput(digits.slice(0, i + 1))).toBe(expected));
  });

  it('is never longer than a full number: extra digits are dropped', () => {
    expect(maskPhoneInput('799912345670000')).toBe('+7 (999) 123-45-67');
    expect(maskPhoneInput('8999123456789')).toBe('8 (999) 123-45-67');
    expect(typeInto('+7 (999) 123-45-67 89')).toBe('+7 (999) 123-45-67');
  });

  testRules(typeInto, {
    'typing a number key by key gives the same result as pasting it': {
      '89991234567': '8 (999) 123-45-67',
      '9991234567': '+7 (999) 123-45-67',
      '5': '+7 (95',
    },
  });

  it('property: output normalised is a valid phone or a prefix of one (+79…, ≤ 12 chars)', () => {
    assertProperty(
      fc.property(fc.string({ unit: 'grapheme-ascii', maxLength: 40 }), (typed) => {
        const normalised = normalizePhone(maskPhoneInput(typed));
        expect(normalised.length).toBeLessThanOrEqual(12);
        expect(normalised).toMatch(/^(\+7(9\d{0,9})?)?$/);
        if (normalised.length === 12) expect(validatePhone(normalised)).toEqual({ ok: true, phone: normalised });
      }),
    );
  });

  it('property: the same holds for key-by-key typing of digit-heavy input', () => {
    const keys = fc.constantFrom('0', '1', '5', '7', '8', '9', ' ', '-', '+', '(');
    assertProperty(
      fc.property(fc.array(keys, { maxLength: 20 }), (ks) => {
        const shown = typeInto(ks.join(''));
        expect(normalizePhone(shown)).toMatch(/^(\+79\d{0,9})?$|^\+7$/);
        expect(shown.length).toBeLessThanOrEqual('+7 (999) 123-45-67'.length);
      }),
    );
  });

  it('property: the mask is idempotent, mask(mask(x)) === mask(x)', () => {
    const anyText = fc.oneof(fc.string({ maxLength: 30 }), fc.stringMatching(/^[0-9 +()-]{0,25}$/));
    assertProperty(
      fc.property(anyText, (typed) => {
        const once = maskPhoneInput(typed);
        expect(maskPhoneInput(once)).toBe(once);
      }),
    );
  });
});

describe('maskPhoneForLog (log export never leaks a number)', () => {
  // Each rule with what the log keeps of what was written.
  testRules(maskPhoneForLog, {
    "keeps only the last 2 digits: '+7 (***) ***-**-67'": {
      '+79991234567': '+7 (***) ***-**-67',
      '8 (999) 123-45-67': '+7 (***) ***-**-67',
    },
    'masks every digit but the last two of something that is not a valid phone': {
      '12345': '***45',
      'tel 1-2-3': 'tel *-2-3',
      '': '',
    },
  });

  it('property: a valid phone keeps only its last 2 digits (besides the country 7)', () => {
    assertProperty(
      fc.property(validPhone, fc.boolean(), (phone, pretty) => {
        const masked = maskPhoneForLog(pretty ? formatPhone(phone) : phone);
        expect(masked.startsWith('+7 (***) ***-**-')).toBe(true);
        expect(masked.slice(-2)).toBe(phone.slice(-2));
        expect(masked.replace(/\D/g, '')).toBe(`7${phone.slice(-2)}`);
        expect(validatePhone(masked).ok).toBe(false);
      }),
    );
  });

  it('property: any string comes out with at most 2 digits outside the +7 prefix', () => {
    assertProperty(
      fc.property(fc.string({ maxLength: 40 }), (text) => {
        const masked = maskPhoneForLog(text);
        const digits = masked.replace(/^\+7/, '').replace(/\D/g, '');
        expect(digits.length).toBeLessThanOrEqual(2);
        expect(validatePhone(masked).ok).toBe(false);
      }),
    );
  });
});
