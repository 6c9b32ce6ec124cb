// The fields a phone order and an order being edited share: a typed address, the time (ASAP or
// one of the quote's slots), the change for cash and the comment.
import type { ReactNode } from 'react';
import type { SlotDay } from '../../../api/contract/checkout';
import type { AddressFields } from '../../components/addressFields';
import { NumberField, SelectField, TextAreaField, TextField } from '../kit/fields';
import s from '../admin.module.css';

const ADDRESS_LABELS: readonly [keyof AddressFields, string][] = [
  ['street', 'Улица'],
  ['home', 'Дом'],
  ['apartment', 'Квартира'],
  ['entrance', 'Подъезд'],
  ['floor', 'Этаж'],
  ['intercom', 'Домофон'],
  ['comment', 'Комментарий к адресу'],
];

/** The address typed field by field, two to a row; `label` names them as a group. */
export function AddressFieldsGrid({
  value,
  onChange,
  label,
  withComment,
}: {
  value: AddressFields;
  onChange: (name: keyof AddressFields, text: string) => void;
  label?: string;
  withComment: boolean;
}) {
  return (
    <div className={s.grid2} {...(label ? { role: 'group', 'aria-label': label } : {})}>
      {ADDRESS_LABELS.filter(([name]) => withComment || name !== 'comment').map(([name, text]) => (
        <TextField key={name} label={text} value={value[name]} onChange={(v) => onChange(name, v)} />
      ))}
    </div>
  );
}

/** «Время»: ASAP, then `children` (options of the caller's own), then the quote's slots by day. */
export function DeliveryTimeSelect({
  value,
  days,
  error,
  onChange,
  children,
}: {
  value: string;
  days: readonly SlotDay[];
  error: string | null;
  onChange: (time: string) => void;
  children?: ReactNode;
}) {
  return (
    <SelectField label="Время" value={value} error={error} onChange={onChange}>
      <option value="asap">Как можно скорее</option>
      {children}
      {days.map((day) => (
        <optgroup key={day.date} label={day.title}>
          {day.slots.map((slot) => (
            <option key={slot.start} value={slot.start}>
              {day.title}, {slot.label}
            </option>
          ))}
        </optgroup>
      ))}
    </SelectField>
  );
}

/** «Сдача с» (for cash only) and the order's comment. */
export function ChangeAndComment({
  cash,
  changeFrom,
  onChangeFrom,
  comment,
  onComment,
}: {
  cash: boolean;
  changeFrom: string;
  onChangeFrom: (text: string) => void;
  comment: string;
  onComment: (text: string) => void;
}) {
  return (
    <>
      {cash ? <NumberField label="Сдача с" value={changeFrom} onChange={onChangeFrom} /> : null}
      <TextAreaField label="Комментарий" maxLength={500} value={comment} onChange={onComment} />
    </>
  );
}
