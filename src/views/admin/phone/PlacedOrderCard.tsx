// The order card the call centre sees once a phone order is placed: number, status, what was
// ordered, where and when, what to pay; a link to it on the orders screen, or on the call centre's
// own «Заказы по телефону» for staff who do not reach the orders screen.
import { Link } from 'wouter';
import { adminGetOrder, type AdminOrderDetail } from '../../../api/contract/admin/orders';
import { useCan } from '../data/hooks';
import { addressLine, PAYMENT_METHOD_LABEL, STATUS_LABEL } from '../orders/labels';
import { cx, formatDateTime, formatMoney } from '../ui';
import { PhoneMark } from './PhoneMark';
import s from '../admin.module.css';

export function PlacedOrderCard({ order, onNext }: { order: AdminOrderDetail; onNext: () => void }) {
  const canOpen = useCan(adminGetOrder);
  return (
    <article className={s.panel} aria-label="Карточка заказа">
      <h2 className={s.title}>
        Заказ №{order.number} <PhoneMark order={order} withTaker />
      </h2>
      <p>
        Статус: {STATUS_LABEL[order.status]}. Клиент: {order.customer.name || 'без имени'}, {order.customer.phone}
      </p>
      <p>
        {order.deliveryMethod === 'delivery' && order.address ? `Доставка: ${addressLine(order.address)}` : 'Самовывоз'}
        . Время: {order.deliveryTime === 'asap' ? 'как можно скорее' : formatDateTime(order.deliveryTime)}
      </p>
      <ul className={s.list} aria-label="Состав заказа">
        {order.items.map((item, i) => (
          <li key={`${item.productId}-${i}`} className={s.listItem}>
            <span>
              {item.name}
              {item.mods.length > 0 ? ` (${item.mods.map((m) => m.name).join(', ')})` : ''} × {item.amount}
            </span>
            <span className={s.num}>{item.isGift ? 'подарок' : formatMoney(item.sum)}</span>
          </li>
        ))}
      </ul>
      <p>
        К оплате: <strong>{formatMoney(order.total)}</strong> ({PAYMENT_METHOD_LABEL[order.paymentMethod]}
        {order.changeFrom !== null ? `, сдача с ${formatMoney(order.changeFrom)}` : ''})
        {order.bonusSpent > 0 ? `, бонусами ${formatMoney(order.bonusSpent)}` : ''}
      </p>
      {order.comment ? <p>Комментарий: {order.comment}</p> : null}
      <div className={s.actions}>
        <button type="button" className={s.button} onClick={onNext}>
          Новый заказ
        </button>
        {canOpen ? (
          <Link href={`~/admin/orders/${order.id}`} className={cx(s.button, s.secondary)}>
            Открыть в заказах
          </Link>
        ) : (
          <Link href={`~/admin/phone-orders/${order.id}`} className={cx(s.button, s.secondary)}>
            Открыть заказ
          </Link>
        )}
      </div>
    </article>
  );
}
