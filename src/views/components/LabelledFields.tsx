// A labelled text input and a checkbox line of the storefront's forms, in the shared ui styles.
import type { InputHTMLAttributes, ReactNode } from 'react';
import ui from './ui.module.css';

type InputExtras = Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'onChange' | 'children'>;

/** Its label above it; `onChange` gets the typed text. */
export function TextInput({
  label,
  onChange,
  ...input
}: InputExtras & { label: string; onChange?: (value: string) => void }) {
  return (
    <label className={ui.field}>
      <span className={ui.label}>{label}</span>
      <input className={ui.input} onChange={onChange && ((e) => onChange(e.target.value))} {...input} />
    </label>
  );
}

/** A checkbox with its text after it, the whole line its label. */
export function CheckLine({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className={ui.check}>
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>{children}</span>
    </label>
  );
}
