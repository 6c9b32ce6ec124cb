// Orders: the live list with filters (city, restaurant, status, dates, phone,
// number), new orders highlighted, and the open order beside the list (/admin/orders/:id).
import { useState } from 'react';
import { useLocation, useRoute } from 'wouter';
import { adminListOrders, type AdminOrder } from '../../../api/contract/admin/orders';
import { useAdminQuery } from '../data/hooks';
import { useLiveOrders, useOrderEvents } from '../data/liveOrders';
import { useReference } from '../data/reference';
import { AdminTable, Pager, rangeOf, usePaging } from '../kit/lists';
import { PageHead, QueryView, cx, formatDateTime, formatMoney } from '../ui';
import { OrderDetail } from './OrderDetail';
import { OrderFiltersForm } from './OrderFiltersForm';
import { HandoffAlert, NOT_HANDED_OFF, useFailedHandoffs } from './HandoffAlert';
import { NO_FILTERS, PAGE_SIZE, exportQuery, ordersQuery, type OrderFilters } from './ordersQuery';
import { adminExportOrders } from '../../../api/contract/admin/exports';
import { ExportButton } from '../kit/ExportButton';
import { LowRatingsAlert } from './LowRatings';
import { paymentStatusLabel } from './labels';
import { StatusBadge } from './StatusBadge';
import { PhoneMark } from '../phone/PhoneMark';
import { SurchargeLabel } from './SurchargeLabel';
import s from '../admin.module.css';

export default function OrdersPage() {
  const [, params] = useRoute<{ id: string }>('/:id');
  const [, navigate] = useLocation();
  const openId = params?.id ?? null;
  const ref = useReference();
  const live = useLiveOrders();
  const [filters, setFilters] = useState<OrderFilters>(NO_FILTERS);
  const { offset, restart, pager } = usePaging(PAGE_SIZE);
  const list = useAdminQuery(adminListOrders, { query: ordersQuery(filters, offset) });
  useOrderEvents(() => list.reload());
  const handoffs = useFailedHandoffs();
  const notHandedOff = new Set(handoffs.failed.map((h) => h.orderId));

  const apply = (patch: Partial<OrderFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    restart();
  };
  const freshIds = new Set(live.fresh.map((e) => e.orderId));
  const open = (order: AdminOrder) => {
    live.seen(order.id);
    live.putAsideRating(order.id);
    navigate(`/${order.id}`);
  };

  return (
    <section>
      <PageHead title="Заказы" onReload={list.reload}>
        <ExportButton route={adminExportOrders} query={exportQuery(filters)} fileName="orders.csv" />
      </PageHead>
      <HandoffAlert failed={handoffs.failed} onRetried={handoffs.reload} />
      <LowRatingsAlert />
      <OrderFiltersForm filters={filters} reference={ref} onApply={apply} />
      <div className={openId ? s.columns : undefined}>
        <div className={s.scrollX}>
          <QueryView query={list}>
            {(data) =>
              data.orders.length === 0 ? (
                <p className={s.empty}>Заказов нет.</p>
              ) : (
                <>
                  <AdminTable
                    label="Список заказов"
                    columns={[
                      '№',
                      'Создан',
                      'Город, ресторан',
                      'Клиент',
                      'Способ',
                      { label: 'Сумма', num: true },
                      'Статус',
                    ]}
                  >
                    {data.orders.map((order) => (
                      <tr
                        key={order.id}
                        className={cx(s.rowLink, freshIds.has(order.id) && s.rowNew, order.id === openId && s.selected)}
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
                          <PhoneMark order={order} />
                          {notHandedOff.has(order.id) ? (
                            <span className={cx(s.badge, s.badgeBad)} data-not-handed-off>
                              {NOT_HANDED_OFF}
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
                          {order.surcharge ? (
                            <>
                              <br />
                              <SurchargeLabel order={order} />
                            </>
                          ) : null}
                        </td>
                        <td>
                          <StatusBadge status={order.status} />
                        </td>
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
            onClose={() => navigate('/')}
            onChanged={list.reload}
          />
        ) : null}
      </div>
    </section>
  );
}
