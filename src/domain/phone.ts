// Phone rules of PRODUCT.md §5: validation, normalisation, display, the input mask, and log masking.

export const PHONE_EMPTY_MESSAGE = 'Введите номер телефона';
export const PHONE_INVALID_MESSAGE = 'Неверный формат телефона';

export type PhoneValidation = { ok: true; phone: string } | { ok: false; message: string };

/** '+7' and exactly 10 digits (PRODUCT.md §9 "Phone: +7 plus 10 digits"). */
const VALID_PHONE = /^\+7\d{10}$/;

const digitsOf = (input: string): string => input.replace(/\D/g, '');

/**
 * Strip non-digits, turn a leading 8 into 7, prefix '+'.
 * Input with no digits at all gives '' rather than a bare '+', so an empty field stays empty.
 */
export function normalizePhone(input: string): string {
  const digits = digitsOf(input);
  if (digits === '') return '';
  return `+${digits.startsWith('8') ? `7${digits.slice(1)}` : digits}`;
}

export function isValidPhone(input: string): boolean {
  return VALID_PHONE.test(normalizePhone(input));
}

export function validatePhone(input: string): PhoneValidation {
  if (input.trim() === '') return { ok: false, message: PHONE_EMPTY_MESSAGE };
  const phone = normalizePhone(input);
  return VALID_PHONE.test(phone) ? { ok: true, phone } : { ok: false, message: PHONE_INVALID_MESSAGE };
}

/** Groups of the 10 national digits as the mask shows them: (XXX) XXX-XX-XX, cut short while typing. */
function groupNational(national: string): string {
  let out = ` (${national.slice(0, 3)}`;
  if (national.length > 3) out += `) ${national.slice(3, 6)}`;
  if (national.length > 6) out += `-${national.slice(6, 8)}`;
  if (national.length > 8) out += `-${national.slice(8, 10)}`;
  return out;
}

/**
 * '+79991234567' → '+7 (999) 123-45-67'. Something that does not normalise to a valid phone is
 * returned trimmed but otherwise as is: the display must not invent digits the user never gave.
 */
export function formatPhone(input: string): string {
  const phone = normalizePhone(input);
  if (!VALID_PHONE.test(phone)) return input.trim();
  return `+7${groupNational(phone.slice(2))}`;
}

/**
 * The input mask of PRODUCT.md §5, applied to the field's whole value after every keystroke or paste.
 *
 * Only digits are read. The first digit picks the prefix: 8 stays '8', 7 becomes '+7', and any
 * other digit means the user started with the operator code, so '+7' is implied. The second group
 * is forced to start with 9 (mobile numbers only): a 9 typed there is kept as the forced 9, any
 * other digit gets a 9 inserted before it. Hence '5' → '+7 (95', '9' → '+7 (9', '75' → '+7 (95'.
 * Digits beyond a full number are dropped. Because the output's own digits map back onto the same
 * prefix and group, masking is idempotent, which keeps the caret logic of the view simple.
 */
export function maskPhoneInput(raw: string): string {
  const digits = digitsOf(raw);
  const first = digits[0];
  if (first === undefined) return '';
  const prefix = first === '8' ? '8' : '+7';
  let national = first === '8' || first === '7' ? digits.slice(1) : digits;
  if (national !== '' && !national.startsWith('9')) national = `9${national}`;
  national = national.slice(0, 10);
  return national === '' ? prefix : prefix + groupNational(national);
}

/**
 * For exported logs (DESIGN "export masks personal data"): a valid phone keeps only its last two
 * digits, '+7 (***) ***-**-67'; anything else has every digit but the last two starred, so even a
 * malformed number never leaks.
 */
export function maskPhoneForLog(phone: string): string {
  const normalised = normalizePhone(phone);
  if (VALID_PHONE.test(normalised)) return `+7 (***) ***-**-${normalised.slice(-2)}`;
  let toHide = digitsOf(phone).length - 2;
  return phone.replace(/\d/g, (d) => (toHide-- > 0 ? '*' : d));
}
