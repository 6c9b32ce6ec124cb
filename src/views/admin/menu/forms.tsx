// Form helpers of the admin editors: numbers typed as text and checked on save, code lists,
// picture upload.
import { useRef } from 'react';
import type { z } from 'zod/mini';
import type { ImageKind } from '../../../api/contract/admin/menu';
import { useImageUpload } from '../data/images';
import { cx } from '../ui';
import s from '../admin.module.css';

/** An integer from a text field: null when empty, NaN-free; `undefined` when not a whole number in range. */
export function parseInteger(text: string, { min = 0, max = 1_000_000 } = {}): number | null | undefined {
  const trimmed = text.trim().replace(/\s/g, '');
  if (trimmed === '') return null;
  if (!/^-?\d+$/.test(trimmed)) return undefined;
  const n = Number(trimmed);
  return n < min || n > max ? undefined : n;
}

export function parseDecimal(text: string, { min = 0, max = 1_000_000 } = {}): number | null | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  if (!/^-?\d+(\.\d+)?$/.test(trimmed)) return undefined;
  const n = Number(trimmed);
  return n < min || n > max ? undefined : n;
}

/** 'code: name' lines ⇄ [{ code, name }]. */
export function codedToText(list: readonly { code: string; name: string }[]): string {
  return list.map((c) => `${c.code}: ${c.name}`).join('\n');
}
export function textToCoded(text: string): { code: string; name: string }[] | string {
  const out: { code: string; name: string }[] = [];
  for (const [i, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (line === '') continue;
    const at = line.indexOf(':');
    const code = (at < 0 ? line : line.slice(0, at)).trim();
    const name = (at < 0 ? line : line.slice(at + 1)).trim();
    if (code === '') return `Строка ${i + 1}: укажите код перед двоеточием`;
    out.push({ code, name: name || code });
  }
  return out;
}

export function ImageField({
  kind,
  value,
  onChange,
  disabled,
  label = 'Картинка',
}: {
  kind: z.infer<typeof ImageKind>;
  value: string | null;
  onChange: (url: string | null) => void;
  disabled?: boolean;
  label?: string;
}) {
  const { pending, upload } = useImageUpload(kind);
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className={s.field}>
      <span className={s.label}>{label}</span>
      <div className={s.inlineActions}>
        {value ? (
          <img className={s.thumb} src={`${value}${value.includes('?') ? '&' : '?'}w=200`} alt="" />
        ) : (
          <span className={cx(s.thumb, s.empty)}>нет</span>
        )}
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
          hidden
          aria-label={`${label}: файл`}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file) return;
            // upload() reports its own failures and resolves to null then
            void upload(file).then((url) => {
              if (url !== null) onChange(url);
            });
          }}
        />
        <button
          type="button"
          className={cx(s.button, s.secondary)}
          disabled={disabled || pending}
          onClick={() => input.current?.click()}
        >
          {pending ? 'Загрузка…' : 'Загрузить'}
        </button>
        {value ? (
          <button
            type="button"
            className={cx(s.button, s.secondary)}
            disabled={disabled}
            onClick={() => onChange(null)}
          >
            Убрать
          </button>
        ) : null}
      </div>
    </div>
  );
}
