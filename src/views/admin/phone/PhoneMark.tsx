// The 'по телефону' mark of an order the call centre took, in the order list and on the order card.
import type { AdminOrder } from '../../../api/contract/admin/orders';
import { cx } from '../ui';
import s from '../admin.module.css';

export const PHONE_ORDER_MARK = 'по телефону';

export function PhoneMark({
  order,
  withTaker = false,
}: {
  order: Pick<AdminOrder, 'phoneOrder'>;
  withTaker?: boolean;
}) {
  if (!order.phoneOrder) return null;
  return (
    <span className={cx(s.badge, s.badgeInfo)} data-phone-order title={`Принял ${order.phoneOrder.staffLogin}`}>
      {PHONE_ORDER_MARK}
      {withTaker ? `, принял ${order.phoneOrder.staffLogin}` : ''}
    </span>
  );
}
