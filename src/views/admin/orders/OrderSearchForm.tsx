// The filter form of both order lists (the operators' and the call centre's): the list's own
// filters first, then the phone and the number, which are typed and apply with Найти; Сбросить
// clears what was typed and hands the reset to the list.
import { useState, type ReactNode } from 'react';
import { TextField } from '../kit/fields';
import { FilterForm } from '../kit/lists';
import { cx } from '../ui';
import s from '../admin.module.css';

export interface PhoneNumberSearch {
  phone: string;
  number: string;
}

export const NO_PHONE_NUMBER_SEARCH: PhoneNumberSearch = { phone: '', number: '' };

interface Props {
  label: string;
  onSearch: (typed: PhoneNumberSearch) => void;
  onReset: () => void;
  /** The filters that apply at once, before the phone and the number. */
  children?: ReactNode;
}

export function OrderSearchForm({ label, onSearch, onReset, children }: Props) {
  const [draft, setDraft] = useState<PhoneNumberSearch>(NO_PHONE_NUMBER_SEARCH);
  return (
    <FilterForm
      label={label}
      onSubmit={() => onSearch(draft)}
      extra={
        <button
          type="button"
          className={cx(s.button, s.secondary)}
          onClick={() => {
            setDraft(NO_PHONE_NUMBER_SEARCH);
            onReset();
          }}
        >
          Сбросить
        </button>
      }
    >
      {children}
      <TextField
        label="Телефон"
        type="search"
        inputMode="tel"
        placeholder="не меньше 4 цифр"
        value={draft.phone}
        onChange={(phone) => setDraft((d) => ({ ...d, phone }))}
      />
      <TextField
        label="Номер заказа"
        type="search"
        inputMode="numeric"
        value={draft.number}
        onChange={(number) => setDraft((d) => ({ ...d, number }))}
      />
    </FilterForm>
  );
}
