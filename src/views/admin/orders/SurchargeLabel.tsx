// «Ожидает доплаты N ₽» on the order card and in the list: the customer owes the difference an
// edit added to an order paid online (docs/ORDER-EDITING.md) until the gateway confirms it.
import type { Order } from '../../../api/contract/orders';
import s from '../admin.module.css';
import { cx, formatMoney } from '../ui';

/** The label's text; the amount in Intl's roubles, as all admin money. */
export const surchargeLabel = (amount: number): string => `Ожидает доплаты ${formatMoney(amount)}`;

export function SurchargeLabel({ order }: { order: Pick<Order, 'status' | 'surcharge'> }) {
  const surcharge = order.surcharge ?? null;
  if (surcharge === null || order.status === 'Cancelled') return null;
  return (
    <span className={cx(s.badge, s.badgeInfo)} data-testid="surcharge-label">
      {surchargeLabel(surcharge.amount)}
    </span>
  );
}
