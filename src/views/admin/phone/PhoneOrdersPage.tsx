// «Заказы по телефону»: the call centre's own list of the orders taken by phone (newest first,
// found by the customer's phone or the number) and the order card beside it
// (/admin/phone-orders/:id), for when the customer calls back. It reads the call centre's routes,
// which answer phone orders only; the card and its «Изменить» are the orders screen's own.
import { useState } from 'react';
import { useLocation, useRoute } from 'wouter';
import { adminListPhoneOrders } from '../../../api/contract/admin/phoneOrders';
import { useAdminQuery } from '../data/hooks';
import { useOrderEvents } from '../data/liveOrders';
import { useReference } from '../data/reference';
import { TextField } from '../kit/fields';
import { AdminTable, FilterForm, Pager, rangeOf, usePaging } from '../kit/lists';
import { OrderDetail } from '../orders/OrderDetail';
import { StatusBadge } from '../orders/StatusBadge';
import { PAGE_SIZE } from '../orders/ordersQuery';
import { PageHead, QueryView, cx, formatDateTime, formatMoney } from '../ui';
import s from '../admin.module.css';

interface Search {
  phone: string;
  number: string;
}

const NO_SEARCH: Search = { phone: '', number: '' };

/** The list query: empty fields are left out; a number that is not one is left out too. */
export function phoneOrdersQuery(search: Search, offset: number) {
  const number = Number(search.number.trim());
  return {
    limit: PAGE_SIZE,
    offset,
    ...(search.phone.trim() ? { phone: search.phone.trim() } : {}),
    ...(Number.isInteger(number) && number > 0 ? { number } : {}),
  };
}

export default function PhoneOrdersPage() {
  const [, params] = useRoute<{ id: string }>('/:id');
  const [, navigate] = useLocation();
  const openId = params?.id ?? null;
  const ref = useReference();
  const [draft, setDraft] = useState<Search>(NO_SEARCH);
  const [search, setSearch] = useState<Search>(NO_SEARCH);
  const { offset, restart, pager } = usePaging(PAGE_SIZE);
  const list = useAdminQuery(adminListPhoneOrders, { query: phoneOrdersQuery(search, offset) });
  useOrderEvents(() => list.reload());

  const apply = (next: Search) => {
    setSearch(next);
    restart();
  };

  return (
    <section>
      <PageHead title="Заказы по телефону" onReload={list.reload} />
      <FilterForm
        label="Поиск заказов по телефону"
        onSubmit={() => apply(draft)}
        extra={
          <button
            type="button"
            className={cx(s.button, s.secondary)}
            onClick={() => {
              setDraft(NO_SEARCH);
              apply(NO_SEARCH);
            }}
          >
            Сбросить
          </button>
        }
      >
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
      <div className={openId ? s.columns : undefined}>
        <div className={s.scrollX}>
          <QueryView query={list}>
            {(data) =>
              data.orders.length === 0 ? (
                <p className={s.empty}>Заказов по телефону нет.</p>
              ) : (
                <>
                  <AdminTable
                    label="Заказы по телефону"
                    columns={['№', 'Создан', 'Клиент', 'Способ', { label: 'Сумма', num: true }, 'Статус', 'Принял']}
                  >
                    {data.orders.map((order) => (
                      <tr
                        key={order.id}
                        className={cx(s.rowLink, order.id === openId && s.selected)}
                        onClick={() => navigate(`/${order.id}`)}
                        data-order-id={order.id}
                      >
                        <td>
                          <a
                            href={`/admin/phone-orders/${order.id}`}
                            onClick={(e) => {
                              e.preventDefault();
                            }}
                          >
                            {order.number}
                          </a>
                        </td>
                        <td>{formatDateTime(order.createdAt)}</td>
                        <td>
                          {order.customer.name || '—'}
                          <br />
                          <span className={s.muted}>{order.customer.phone ?? 'телефон удалён'}</span>
                        </td>
                        <td>{order.deliveryMethod === 'delivery' ? 'Доставка' : 'Самовывоз'}</td>
                        <td className={s.num}>{formatMoney(order.total)}</td>
                        <td>
                          <StatusBadge status={order.status} />
                        </td>
                        <td>{order.phoneOrder?.staffLogin ?? '—'}</td>
                      </tr>
                    ))}
                  </AdminTable>
                  <Pager {...pager} total={data.total} summary={rangeOf(offset, data.orders.length, data.total)} />
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
            scope="phone"
            onClose={() => navigate('/')}
            onChanged={list.reload}
          />
        ) : null}
      </div>
    </section>
  );
}
