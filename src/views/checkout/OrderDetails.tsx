// One order as /complete shows it: contents with modifiers, totals, payment, where and when.
import { PaymentMethodTitle } from '../../api/contract/checkout';
import { PAYMENT_STATUS_NAMES, type Order } from '../../api/contract/orders';
import { formatAddress } from '../../domain/addressText';
import { formatPrice } from '../../domain/price';
import { selectCity } from '../../projections/store';
import { jsonEqual, useSelector } from '../app/store';
import ui from '../components/ui.module.css';
import styles from './Checkout.module.css';
import { deliveryTimeText } from './time';
import { AmountList } from './AmountList';
import { pricedAmounts } from '../../domain/pricedAmounts';

/** A cancelled order still 'paid' has its refund under way: it turns 'refunded' once the provider confirmed. */
export function paymentStatusText(order: Pick<Order, 'status' | 'paymentStatus'>): string {
  if (order.status === 'Cancelled' && order.paymentStatus === 'paid') return 'оплачен, деньги будут возвращены';
  return PAYMENT_STATUS_NAMES[order.paymentStatus];
}

export function OrderDetails({ order }: { order: Order }) {
  const timeZone = useSelector((s) => selectCity(s)?.timeZone);
  const restaurant = useSelector((s) => {
    const r = (s.setting.settings?.DELIVERY_TERMINALS[order.cityId] ?? []).find(
      (t) => t.deliveryTerminalId === order.deliveryTerminalId,
    );
    return r === undefined ? null : { name: r.name, address: r.address, phone: r.phone };
  }, jsonEqual);
  return (
    <>
      <section className={styles.section} aria-labelledby="order-contents">
        <h2 id="order-contents" className={styles.sectionTitle}>
          Состав заказа
        </h2>
        <ul className={`${ui.list} ${styles.lines}`} data-testid="order-lines">
          {order.items.map((l, i) => (
            <li key={`${l.productId}-${i}`}>
              <span>
                {l.name}
                {l.halfPizza !== undefined && <span className={styles.note}> ({l.halfPizza.sizeName})</span>}
                {l.mods.length > 0 && <span className={styles.note}> ({l.mods.map((m) => m.name).join(', ')})</span>}
                {l.isGift && <span className={styles.note}> (подарок)</span>} × {l.amount}
              </span>
              <span>{formatPrice(l.sum)}</span>
            </li>
          ))}
        </ul>
        <div style={{ marginTop: 'var(--space-3)' }}>
          <AmountList amounts={pricedAmounts(order, order.items)} testId="order-totals" totalTestId="order-total" />
        </div>
      </section>
      <section className={styles.section} aria-labelledby="order-where">
        <h2 id="order-where" className={styles.sectionTitle}>
          {order.deliveryMethod === 'delivery' ? 'Доставка' : 'Самовывоз'}
        </h2>
        {order.deliveryMethod === 'delivery' ? (
          <p data-testid="order-address">{order.address === null ? 'Адрес не указан' : formatAddress(order.address)}</p>
        ) : (
          <p data-testid="order-restaurant">
            {restaurant === null ? 'Ресторан сети' : `${restaurant.name}, ${restaurant.address}`}
          </p>
        )}
        <p>
          Время: <span data-testid="order-time">{deliveryTimeText(order.deliveryTime, null, timeZone)}</span>
        </p>
        <p>
          Оплата: {PaymentMethodTitle[order.paymentMethod]} — {paymentStatusText(order)}
          {order.changeFrom !== null && `, сдача с ${formatPrice(order.changeFrom)}`}
        </p>
        {order.persons > 0 && <p>Персон: {order.persons}</p>}
        {order.comment !== '' && <p>Комментарий: {order.comment}</p>}
      </section>
    </>
  );
}
