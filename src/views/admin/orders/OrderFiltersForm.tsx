// The filters of the order list: city, restaurant, status and dates apply at once; phone and
// number apply with Найти; Сбросить clears them all.
import { useState } from 'react';
import { ORDER_STATUSES } from '../../../api/contract/orders';
import type { Reference } from '../data/reference';
import { CitySelect, SelectField, TextField, optionsOf } from '../kit/fields';
import { FilterForm } from '../kit/lists';
import { cx } from '../ui';
import { STATUS_LABEL } from './labels';
import { NO_FILTERS, type OrderFilters } from './ordersQuery';
import s from '../admin.module.css';

export function OrderFiltersForm({
  filters,
  reference: ref,
  onApply,
}: {
  filters: OrderFilters;
  reference: Reference;
  onApply: (patch: Partial<OrderFilters>) => void;
}) {
  const [draft, setDraft] = useState({ phone: '', number: '' });
  const restaurants = ref.restaurants.filter((r) => filters.cityId === '' || r.cityId === filters.cityId);
  return (
    <FilterForm
      label="Фильтры заказов"
      onSubmit={() => onApply(draft)}
      extra={
        <button
          type="button"
          className={cx(s.button, s.secondary)}
          onClick={() => {
            setDraft({ phone: '', number: '' });
            onApply(NO_FILTERS);
          }}
        >
          Сбросить
        </button>
      }
    >
      <CitySelect
        cities={ref.cities}
        all="Все города"
        value={filters.cityId}
        onChange={(cityId) => onApply({ cityId, deliveryTerminalId: '' })}
      />
      <SelectField
        label="Ресторан"
        value={filters.deliveryTerminalId}
        onChange={(deliveryTerminalId) => onApply({ deliveryTerminalId })}
        options={[
          { value: '', label: 'Все рестораны' },
          ...optionsOf(restaurants, (r) => [r.deliveryTerminalId, r.name]),
        ]}
      />
      <SelectField
        label="Статус"
        value={filters.status}
        onChange={(status) => onApply({ status })}
        options={[
          { value: '', label: 'Все статусы' },
          { value: 'active', label: 'В работе' },
          ...optionsOf(ORDER_STATUSES, (st) => [st, STATUS_LABEL[st]]),
        ]}
      />
      <TextField label="С даты" type="date" value={filters.from} onChange={(from) => onApply({ from })} />
      <TextField label="По дату" type="date" value={filters.to} onChange={(to) => onApply({ to })} />
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
