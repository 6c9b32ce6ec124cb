// The filters of the order list: city, restaurant, status and dates apply at once; phone and
// number apply with Найти; Сбросить clears them all.
import { ORDER_STATUSES } from '../../../api/contract/orders';
import type { Reference } from '../data/reference';
import { CitySelect, RestaurantSelect, SelectField, TextField, optionsOf } from '../kit/fields';
import { STATUS_LABEL } from './labels';
import { OrderSearchForm } from './OrderSearchForm';
import { NO_FILTERS, type OrderFilters } from './ordersQuery';

export function OrderFiltersForm({
  filters,
  reference: ref,
  onApply,
}: {
  filters: OrderFilters;
  reference: Reference;
  onApply: (patch: Partial<OrderFilters>) => void;
}) {
  const restaurants = ref.restaurants.filter((r) => filters.cityId === '' || r.cityId === filters.cityId);
  return (
    <OrderSearchForm label="Фильтры заказов" onSearch={onApply} onReset={() => onApply(NO_FILTERS)}>
      <CitySelect
        cities={ref.cities}
        all="Все города"
        value={filters.cityId}
        onChange={(cityId) => onApply({ cityId, deliveryTerminalId: '' })}
      />
      <RestaurantSelect
        restaurants={restaurants}
        all="Все рестораны"
        value={filters.deliveryTerminalId}
        onChange={(deliveryTerminalId) => onApply({ deliveryTerminalId })}
      />
      <SelectField
        label="Статус"
        value={filters.status}
        onChange={(status) => onApply({ status })}
        empty="Все статусы"
        options={[{ value: 'active', label: 'В работе' }, ...optionsOf(ORDER_STATUSES, (st) => [st, STATUS_LABEL[st]])]}
      />
      <TextField label="С даты" type="date" value={filters.from} onChange={(from) => onApply({ from })} />
      <TextField label="По дату" type="date" value={filters.to} onChange={(to) => onApply({ to })} />
    </OrderSearchForm>
  );
}
