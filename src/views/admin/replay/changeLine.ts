// One state change as a line of text: the replay viewer writes it in Russian, `npm run replay` in
// English and shorter; both take the same marks (+ added, − removed, ~ changed) and the same cut.
import type { StateChange } from '../../../log/log';

/** The words of a change line and how many characters of a value it shows. */
export interface ChangeLineWords {
  /** The name of the path '' (the whole state). */
  root: string;
  /** The mark of a removed value. */
  removed: string;
  /** Before the removed value: 'было', 'was'. */
  was: string;
  maxValue: number;
}

/** The value as JSON, cut to `max` characters with an ellipsis; '∅' for undefined. */
export function shortValue(value: unknown, max: number): string {
  if (value === undefined) return '∅';
  const text = JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export function formatChangeLine(change: StateChange, words: ChangeLineWords): string {
  const path = change.path === '' ? words.root : change.path;
  const short = (value: unknown) => shortValue(value, words.maxValue);
  switch (change.kind) {
    case 'added':
      return `+ ${path} = ${short(change.after)}`;
    case 'removed':
      return `${words.removed} ${path} (${words.was} ${short(change.before)})`;
    case 'changed':
      return `~ ${path}: ${short(change.before)} → ${short(change.after)}`;
    default: {
      const never: never = change.kind;
      return String(never);
    }
  }
}
