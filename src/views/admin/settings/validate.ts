// Client-side checks of a setting value before it is sent: JSON syntax, the setting's type, and
// the shared Settings schema (the server checks the same again and answers 422 otherwise).
// Messages are Russian (zod's ru locale for the schema's own).
import { z } from 'zod/mini';
import type { AdminSetting } from '../../../api/contract/admin/settings';
import { Settings } from '../../../api/entities';

const ru = z.locales.ru().localeError;

/** Parses the text of a JSON widget: the value, or a Russian error. */
export function parseJsonText(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, message: `Неверный JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** Parses the text of a number setting (a comma is read as the decimal point). */
export function parseNumberText(text: string): { ok: true; value: number } | { ok: false; message: string } {
  const normalized = text.trim().replace(',', '.');
  if (normalized === '' || !/^-?\d+(\.\d+)?$/.test(normalized)) return { ok: false, message: 'Введите число' };
  return { ok: true, value: Number(normalized) };
}

function pathText(path: readonly PropertyKey[]): string {
  return path.length === 0 ? '' : `${path.map(String).join('.')}: `;
}

/** Null when `value` may be stored in the setting, else the Russian reason. */
export function validateSetting(setting: Pick<AdminSetting, 'name' | 'type'>, value: unknown): string | null {
  switch (setting.type) {
    case 'boolean':
      if (typeof value !== 'boolean') return 'Нужно значение «да» или «нет»';
      break;
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'Введите число';
      break;
    case 'string':
      if (typeof value !== 'string') return 'Нужна строка';
      break;
    case 'json':
      break;
    default: {
      const unreachable: never = setting.type;
      return `неизвестный тип ${String(unreachable)}`;
    }
  }
  const shape = Settings.shape as Record<string, z.ZodMiniType | undefined>;
  const schema = Object.hasOwn(shape, setting.name) ? shape[setting.name] : undefined;
  if (schema === undefined) return null;
  const result = schema.safeParse(value, { error: ru });
  if (result.success) return null;
  const issue = result.error.issues[0];
  return issue ? `${pathText(issue.path)}${issue.message}` : 'Значение не подходит';
}
