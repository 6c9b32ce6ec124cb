// Orders: the live list with filters (city, restaurant, status, dates, phone,
// number), new orders highlighted, and the open order beside the list (/admin/orders/:id).
import { useState, type FormEvent } from 'react';
import { useLocation, useRoute } from 'wouter';
import { adminListOrders, type AdminOrder } from '../../../api/contract/admin/orders';
import { ORDER_STATUSES, type OrderStatus } from '../../../api/contract/orders';
import { useAdminQuery } from '../data/hooks';
import { useLiveOrders, useOrderEvents } from '../data/liveOrders';
import { useReference } from '../data/reference';
import { Field, PageHead, QueryView, cx, formatDateTime, formatMoney } from '../ui';
import { OrderDetail } from './OrderDetail';
import { paymentStatusLabel, STATUS_LABEL } from './labels';
import { StatusBadge } from './StatusBadge';
import s from '../admin.module.css';

export const PAGE_SIZE = 50;
/** Statuses of orders still in work. */
export const ACTIVE_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter(
  (st) => st !== 'Closed' && st !== 'Cancelled',
);

export interface OrderFilters {
  cityId: string;
  deliveryTerminalId: string;
  /** '' all, 'active', or one status. */
  status: string;
  from: string;
  to: string;
  phone: string;
  number: string;
}

export const NO_FILTERS: OrderFilters = {
  cityId: '',
  deliveryTerminalId: '',
  status: '',
  from: '',
  to: '',
  phone: '',
  number: '',
};

/** The list query of the filters: empty fields are left out. */
export function ordersQuery(f: OrderFilters, offset: number) {
  const status = f.status === 'active' ? ACTIVE_STATUSES.join(',') : f.status;
  const number = Number(f.number);
  return {
    limit: PAGE_SIZE,
    offset,
    ...(f.cityId ? { cityId: f.cityId } : {}),
    ...(f.deliveryTerminalId ? { deliveryTerminalId: f.deliveryTerminalId } : {}),
    ...(status ? { status } : {}),
    ...(f.from ? { from: f.from } : {}),
    ...(f.to ? { to: f.to } : {}),
    ...(f.phone.trim() ? { phone: f.phone.trim() } : {}),
    ...(f.number.trim() && Number.isInteger(number) && number > 0 ? { number } : {}),
  };
}

export default function OrdersPage() {
  const [, params] = useRoute<{ id: string }>('/:id');
  const [, navigate] = useLocation();
  const openId = params?.id ?? null;
  const ref = useReference();
  const live = useLiveOrders();
  const [filters, setFilters] = useState<OrderFilters>(NO_FILTERS);
  const [draft, setDraft] = useState({ phone: '', number: '' });
  const [offset, setOffset] = useState(0);
  const list = useAdminQuery(adminListOrders, { query: ordersQuery(filters, offset) });
  useOrderEvents(() => list.reload());

  const apply = (patch: Partial<OrderFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setOffset(0);
  };
  const submitSearch = (e: FormEvent) => {
    e.preventDefault();
    apply(draft);
  };
  const restaurants = ref.restaurants.filter((r) => filters.cityId === '' || r.cityId === filters.cityId);
  const freshIds = new Set(live.fresh.map((e) => e.orderId));
  const open = (order: AdminOrder) => {
    live.seen(order.id);
    navigate(`/${order.id}`);
  };

  return (
    <section>
      <PageHead title="Заказы">
        <button type="button" className={cx(s.button, s.secondary)} onClick={list.reload}>
          Обновить
        </button>
      </PageHead>
      <form className={s.filters} onSubmit={submitSearch} aria-label="Фильтры заказов">
        <Field label="Город">
          {(id) => (
            <select
              id={id}
              className={s.select}
              value={filters.cityId}
              onChange={(e) => apply({ cityId: e.target.value, deliveryTerminalId: '' })}
            >
              <option value="">Все города</option>
              {ref.cities.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Ресторан">
          {(id) => (
            <select
              id={id}
              className={s.select}
              value={filters.deliveryTerminalId}
              onChange={(e) => apply({ deliveryTerminalId: e.target.value })}
            >
              <option value="">Все рестораны</option>
              {restaurants.map((r) => (
                <option key={r.deliveryTerminalId} value={r.deliveryTerminalId}>
                  {r.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Статус">
          {(id) => (
            <select
              id={id}
              className={s.select}
              value={filters.status}
              onChange={(e) => apply({ status: e.target.value })}
            >
              <option value="">Все статусы</option>
              <option value="active">В работе</option>
              {ORDER_STATUSES.map((st) => (
                <option key={st} value={st}>
                  {STATUS_LABEL[st]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="С даты">
          {(id) => (
            <input
              id={id}
              type="date"
              className={s.input}
              value={filters.from}
              onChange={(e) => apply({ from: e.target.value })}
            />
          )}
        </Field>
        <Field label="По дату">
          {(id) => (
            <input
              id={id}
              type="date"
              className={s.input}
              value={filters.to}
              onChange={(e) => apply({ to: e.target.value })}
            />
          )}
        </Field>
        <Field label="Телефон">
          {(id) => (
            <input
              id={id}
              type="search"
              inputMode="tel"
              className={s.input}
              placeholder="не меньше 4 цифр"
              value={draft.phone}
              onChange={(e) => setDraft((d) => ({ ...d, phone: e.target.value }))}
            />
          )}
        </Field>
        <Field label="Номер заказа">
          {(id) => (
            <input
              id={id}
              type="search"
              inputMode="numeric"
              className={s.input}
              value={draft.number}
              onChange={(e) => setDraft((d) => ({ ...d, number: e.target.value }))}
            />
          )}
        </Field>
        <button type="submit" className={s.button}>
          Найти
        </button>
        <button
          type="button"
          className={cx(s.button, s.secondary)}
          onClick={() => {
            setDraft({ phone: '', number: '' });
            apply(NO_FILTERS);
          }}
        >
          Сбросить
        </button>
      </form>
      <div className={openId ? s.columns : undefined}>
        <div className={s.scrollX}>
          <QueryView query={list}>
            {(data) =>
              data.orders.length === 0 ? (
                <p className={s.empty}>Заказов нет.</p>
              ) : (
                <>
                  <table className={s.table} aria-label="Список заказов">
                    <thead>
                      <tr>
                        <th>№</th>
                        <th>Создан</th>
                        <th>Город, ресторан</th>
                        <th>Клиент</th>
                        <th>Способ</th>
                        <th className={s.num}>Сумма</th>
                        <th>Статус</th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.orders.map((order) => (
                        <tr
                          key={order.id}
                          className={cx(
                            s.rowLink,
                            freshIds.has(order.id) && s.rowNew,
                            order.id === openId && s.selected,
                          )}
                          onClick={() => open(order)}
                          data-order-id={order.id}
                        >
                          <td>
                            <a
                              href={`/admin/orders/${order.id}`}
                              onClick={(e) => {
                                e.preventDefault();
                              }}
                            >
                              {order.number}
                            </a>
                            {freshIds.has(order.id) ? (
                              <span className={cx(s.badge, s.badgeInfo)} data-fresh>
                                новый
                              </span>
                            ) : null}
                          </td>
                          <td>{formatDateTime(order.createdAt)}</td>
                          <td>
                            {ref.cityName(order.cityId)}
                            <br />
                            <span className={s.muted}>{ref.restaurantName(order.deliveryTerminalId)}</span>
                          </td>
                          <td>
                            {order.customer.name || '—'}
                            <br />
                            <span className={s.muted}>{order.customer.phone ?? 'телефон удалён'}</span>
                          </td>
                          <td>{order.deliveryMethod === 'delivery' ? 'Доставка' : 'Самовывоз'}</td>
                          <td className={s.num}>
                            {formatMoney(order.total)}
                            <br />
                            <span className={s.muted}>{paymentStatusLabel(order)}</span>
                          </td>
                          <td>
                            <StatusBadge status={order.status} />
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                  <div className={s.actions}>
                    <span className={s.muted}>
                      {offset + 1}–{offset + data.orders.length} из {data.total}
                    </span>
                    <button
                      type="button"
                      className={cx(s.button, s.secondary)}
                      disabled={offset === 0}
                      onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}
                    >
                      Назад
                    </button>
                    <button
                      type="button"
                      className={cx(s.button, s.secondary)}
                      disabled={offset + PAGE_SIZE >= data.total}
                      onClick={() => setOffset(offset + PAGE_SIZE)}
                    >
                      Дальше
                    </button>
                  </div>
                </>
              )
            }
          </QueryView>
        </div>
        {openId ? (
          <OrderDetail
            key={openId}
            orderId={openId}
            reference={ref}
            onClose={() => navigate('/')}
            onChanged={list.reload}
          />
        ) : null}
      </div>
    </section>
  );
}
