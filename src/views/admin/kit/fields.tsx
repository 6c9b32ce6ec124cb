// Labelled controls of the admin forms: each is a <Field> (label tied to the control by id, error
// as an alert, hint below) around one input, textarea, select or checkbox.
import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import { Field, cx } from '../ui';
import s from '../admin.module.css';

interface Labelled {
  label: string;
  error?: string | null | undefined;
  hint?: ReactNode;
}

type InputExtras = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'className' | 'children'>;

export function TextField({
  label,
  error,
  hint,
  value,
  onChange,
  ...input
}: Labelled & InputExtras & { value: string; onChange: (value: string) => void }) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(id) => (
        <input id={id} className={s.input} value={value} onChange={(e) => onChange(e.target.value)} {...input} />
      )}
    </Field>
  );
}

/** A whole number typed as text (parsed on save), with the phone's digit keyboard. */
export function NumberField(props: Omit<Parameters<typeof TextField>[0], 'inputMode'>) {
  return <TextField inputMode="numeric" {...props} />;
}

/** A password: `kind` tells the browser's password manager to fill in the saved one or offer a new one. */
export function PasswordField({
  kind,
  ...props
}: { kind: 'current' | 'new' } & Omit<Parameters<typeof TextField>[0], 'type' | 'autoComplete'>) {
  return <TextField type="password" autoComplete={`${kind}-password`} {...props} />;
}

type TextAreaExtras = Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'id' | 'value' | 'onChange' | 'className' | 'children'
>;

export function TextAreaField({
  label,
  error,
  hint,
  value,
  onChange,
  code,
  ...textarea
}: Labelled & TextAreaExtras & { value: string; onChange: (value: string) => void; code?: boolean }) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(id) => (
        <textarea
          id={id}
          className={cx(s.textarea, code && s.code)}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          {...textarea}
        />
      )}
    </Field>
  );
}

export interface SelectOption {
  value: string;
  label: ReactNode;
}

/** Options from a list: `optionsOf(cities, (c) => [c.id, c.name])`. */
export function optionsOf<T>(list: readonly T[], pick: (item: T) => readonly [string, ReactNode]): SelectOption[] {
  return list.map((item) => {
    const [value, label] = pick(item);
    return { value, label };
  });
}

/**
 * A select of `options`, or of `children` where options are grouped; `empty` names a first option
 * with the value '' (every city, no courier, the top level…).
 */
export function SelectField({
  label,
  error,
  hint,
  value,
  onChange,
  empty,
  options = [],
  children,
}: Labelled & {
  value: string;
  onChange: (value: string) => void;
  empty?: string;
  options?: readonly SelectOption[];
  children?: ReactNode;
}) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(id) => (
        <select id={id} className={s.select} value={value} onChange={(e) => onChange(e.target.value)}>
          {empty === undefined ? null : <option value="">{empty}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
          {children}
        </select>
      )}
    </Field>
  );
}

/** What the city and restaurant selects take besides their list: `all` names a first option '' for every one. */
interface PickerProps {
  all?: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null | undefined;
}

/** The «Город» select. */
export function CitySelect({
  cities,
  all,
  ...select
}: PickerProps & { cities: readonly { id: string; name: string }[] }) {
  return <SelectField label="Город" empty={all} options={optionsOf(cities, (c) => [c.id, c.name])} {...select} />;
}

/** The «Ресторан» select. */
export function RestaurantSelect({
  restaurants,
  all,
  ...select
}: PickerProps & { restaurants: readonly { deliveryTerminalId: string; name: string }[] }) {
  return (
    <SelectField
      label="Ресторан"
      empty={all}
      options={optionsOf(restaurants, (r) => [r.deliveryTerminalId, r.name])}
      {...select}
    />
  );
}

export function CheckField({
  label,
  checked,
  onChange,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className={s.check}>
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} /> {label}
    </label>
  );
}

/** An error of a group of controls (shown under them, not tied to one control). */
export function GroupError({ error }: { error: string | null | undefined }) {
  return error ? <p className={s.fieldError}>{error}</p> : null;
}

/** An error of the whole form or step (a refused save, a missing choice), announced as an alert. */
export function FormError({ error }: { error: string | null | undefined }) {
  return error ? (
    <p className={s.fieldError} role="alert">
      {error}
    </p>
  ) : null;
}
