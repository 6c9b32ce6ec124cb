// Orders: the live list with filters (city, restaurant, status, dates, phone,
// number), new orders highlighted, and the open order beside the list (/admin/orders/:id).
import { useState } from 'react';
import { useLocation, useRoute } from 'wouter';
import { adminListOrders, type AdminOrder } from '../../../api/contract/admin/orders';
import { useAdminQuery } from '../data/hooks';
import { useLiveOrders, useOrderEvents } from '../data/liveOrders';
import { useReference } from '../data/reference';
import { usePaging } from '../kit/lists';
import { PageHead, cx } from '../ui';
import { ORDER_COLUMNS, OrderListWithCard } from './OrderListWithCard';
import { OrderFiltersForm } from './OrderFiltersForm';
import { HandoffAlert, NOT_HANDED_OFF, useFailedHandoffs } from './HandoffAlert';
import { NO_FILTERS, PAGE_SIZE, exportQuery, ordersQuery, type OrderFilters } from './ordersQuery';
import { adminExportOrders } from '../../../api/contract/admin/exports';
import { ExportButton } from '../kit/ExportButton';
import { LowRatingsAlert } from './LowRatings';
import { paymentStatusLabel } from './labels';
import { PhoneMark } from '../phone/PhoneMark';
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
      <OrderListWithCard
        list={list}
        label="Список заказов"
        empty="Заказов нет."
        basePath="/admin/orders"
        columns={[
          ORDER_COLUMNS.created,
          {
            head: 'Город, ресторан',
            cell: (order) => (
              <>
                {ref.cityName(order.cityId)}
                <br />
                <span className={s.muted}>{ref.restaurantName(order.deliveryTerminalId)}</span>
              </>
            ),
          },
          ORDER_COLUMNS.customer,
          ORDER_COLUMNS.method,
          ORDER_COLUMNS.total(paymentStatusLabel),
          ORDER_COLUMNS.status,
        ]}
        marks={(order) => (
          <>
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
          </>
        )}
        rowClass={(order) => freshIds.has(order.id) && s.rowNew}
        openId={openId}
        onOpen={open}
        onClose={() => navigate('/')}
        pager={pager}
        reference={ref}
      />
    </section>
  );
}
