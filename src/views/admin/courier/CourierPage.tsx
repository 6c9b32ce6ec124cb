// The courier's page, made for a phone: their open deliveries with everything needed at the door
// (address with entrance, floor and intercom, the customer's phone to tap, what to collect and the
// change to bring), a link that opens the address in Yandex Maps, and 'Забрал' / 'Доставил'.
// It re-reads itself when one of the courier's orders changes, and every minute as a fallback.
import { useEffect } from 'react';
import {
  courierDelivered,
  courierListOrders,
  courierPickedUp,
  type CourierOrder,
} from '../../../api/contract/admin/couriers';
import { useAdminAction, useAdminQuery } from '../data/hooks';
import { useOrderEvents } from '../data/liveOrders';
import { PageHead, QueryView, cx, formatMoney, formatTime } from '../ui';
import { PAYMENT_METHOD_LABEL, addressLine } from '../orders/labels';
import s from '../admin.module.css';
import { ActionButton } from '../kit/ActionButton';

const REFRESH_MS = 60_000;

/** Yandex Maps at the order's point when the customer picked one, otherwise a search for the address. */
export function mapsLink(order: CourierOrder): string | null {
  const a = order.address;
  if (a === null) return null;
  if (a.location) return `https://yandex.ru/maps/?pt=${a.location.lon},${a.location.lat}&z=17&l=map`;
  return `https://yandex.ru/maps/?text=${encodeURIComponent([a.city, a.street, a.home].filter(Boolean).join(', '))}`;
}

function toCollect(order: CourierOrder): string {
  if (order.paid) return 'Оплачен онлайн, получать ничего не нужно';
  const what = `${PAYMENT_METHOD_LABEL[order.paymentMethod]}: ${formatMoney(order.total)}`;
  return order.changeFrom ? `${what}, сдача с ${formatMoney(order.changeFrom)}` : what;
}

function Delivery({ order, onMoved }: { order: CourierOrder; onMoved: () => void }) {
  const action = useAdminAction();
  const map = mapsLink(order);
  const move = async (def: typeof courierPickedUp, success: string) => {
    const result = await action.run(def, { params: { id: order.id } }, { success });
    if (result.ok) onMoved();
  };
  const comments = [order.comment, order.address?.comment].filter(Boolean).join('; ');
  return (
    <article className={s.panel} aria-label={`Заказ №${order.number}`}>
      <h2 className={s.subtitle}>
        Заказ №{order.number} · {order.statusName}
      </h2>
      <p>{order.address ? addressLine(order.address) : 'Адрес не указан'}</p>
      {comments ? <p>Комментарий: {comments}</p> : null}
      <p>
        {order.customerName || 'Клиент'}
        {order.customerPhone ? (
          <>
            {', '}
            <a href={`tel:${order.customerPhone}`}>{order.customerPhone}</a>
          </>
        ) : null}
      </p>
      <p>{toCollect(order)}</p>
      <p className={s.muted}>
        Время: {order.deliveryTime === 'asap' ? 'как можно скорее' : `к ${formatTime(order.deliveryTime)}`}
      </p>
      <div className={s.actions}>
        {map ? (
          <a className={cx(s.button, s.secondary)} href={map} target="_blank" rel="noreferrer">
            Открыть в Яндекс Картах
          </a>
        ) : null}
        {order.status === 'OnWay' ? (
          <ActionButton pending={action.pending} run={() => move(courierDelivered, `Заказ №${order.number} доставлен`)}>
            Доставил
          </ActionButton>
        ) : (
          <ActionButton pending={action.pending} run={() => move(courierPickedUp, `Заказ №${order.number} в пути`)}>
            Забрал
          </ActionButton>
        )}
      </div>
    </article>
  );
}

export default function CourierPage() {
  const query = useAdminQuery(courierListOrders);
  useOrderEvents(() => query.reload());
  const { reload } = query;
  useEffect(() => {
    const timer = setInterval(reload, REFRESH_MS);
    return () => clearInterval(timer);
  }, [reload]);
  return (
    <section>
      <PageHead title="Мои доставки" onReload={query.reload} />
      <QueryView query={query}>
        {({ orders }) =>
          orders.length === 0 ? (
            <p className={s.empty}>Назначенных заказов нет.</p>
          ) : (
            orders.map((order) => <Delivery key={order.id} order={order} onMoved={query.reload} />)
          )
        }
      </QueryView>
    </section>
  );
}
