// The lines of a cart being built by staff (the phone order's cart, the order being edited): each
// with its product, modifiers and amount, and the − / + that change the amount by one.
import { cx } from '../ui';
import s from '../admin.module.css';

/** «Пепперони (30 см, Сырный борт ×2)»: a modifier taken more than once says how many times. */
function lineText(name: string, mods: readonly { name: string; amount?: number }[]): string {
  if (mods.length === 0) return name;
  const taken = mods.map((m) => (m.amount !== undefined && m.amount > 1 ? `${m.name} ×${m.amount}` : m.name));
  return `${name} (${taken.join(', ')})`;
}

interface EditableLine {
  key: string;
  name: string;
  amount: number;
  mods: readonly { name: string; amount?: number }[];
}

/** The lines as list items (inside the caller's list), each with its − / +. */
export function EditableCartLines({
  lines,
  onAmount,
}: {
  lines: readonly EditableLine[];
  onAmount: (key: string, delta: number) => void;
}) {
  return lines.map((line) => (
    <li key={line.key} className={s.listItem}>
      <span>
        {lineText(line.name, line.mods)} × {line.amount}
      </span>
      <span className={s.inlineActions}>
        <button
          type="button"
          className={cx(s.button, s.secondary)}
          aria-label={`Убрать одну «${line.name}»`}
          onClick={() => onAmount(line.key, -1)}
        >
          −
        </button>
        <button
          type="button"
          className={cx(s.button, s.secondary)}
          aria-label={`Ещё одну «${line.name}»`}
          onClick={() => onAmount(line.key, 1)}
        >
          +
        </button>
      </span>
    </li>
  ));
}
