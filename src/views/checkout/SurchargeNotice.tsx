// «Ожидает доплаты N ₽» on /complete: an operator raised the total of an order paid online and the
// customer owes the difference (docs/ORDER-EDITING.md). «Доплатить» is the gateway's page or link
// the server gave; the notice goes when the server says it is paid (the page re-reads the order).
import type { Order } from '../../api/contract/orders';
import { formatPrice } from '../../domain/price';
import ui from '../components/ui.module.css';
import styles from './Checkout.module.css';

/** The notice's text, e.g. «Ожидает доплаты 1 290 ₽». */
export const surchargeText = (amount: number): string => `Ожидает доплаты ${formatPrice(amount)}`;

export function SurchargeNotice({ order }: { order: Pick<Order, 'status' | 'surcharge'> }) {
  const surcharge = order.surcharge ?? null;
  if (surcharge === null || order.status === 'Cancelled') return null;
  return (
    <section className={styles.section} role="status" data-testid="surcharge-notice">
      <p>
        <strong>{surchargeText(surcharge.amount)}</strong>
      </p>
      <p className={ui.muted}>Оператор изменил заказ, и его сумма выросла. Доплатите разницу онлайн.</p>
      {surcharge.payUrl === null ? (
        <p className={ui.muted}>Готовим ссылку на оплату…</p>
      ) : (
        <a className={ui.button} href={surcharge.payUrl}>
          Доплатить
        </a>
      )}
    </section>
  );
}
