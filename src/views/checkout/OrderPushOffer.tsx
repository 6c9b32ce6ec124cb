// /complete: 'Сообщить, когда заказ будет в пути?' for a signed-in customer who consented to push
// notifications, on a browser that can show them (docs/PUSH.md). The browser work and the calls
// are the checkout effect's (src/effects/checkout/orderPush.ts).
import type { Order } from '../../api/contract/orders';
import { selectIsSignedIn } from '../../projections/store';
import { jsonEqual, useDispatch, useSelector } from '../app/store';
import ui from '../components/ui.module.css';

export const ORDER_PUSH_TEXT = {
  question: 'Сообщить, когда заказ будет в пути?',
  yes: 'Да, сообщить',
  no: 'Нет, спасибо',
  pending: 'Включаем уведомления…',
  enabled: 'Пришлём уведомление, когда статус заказа изменится.',
} as const;

export function OrderPushOffer({ order }: { order: Pick<Order, 'status'> }) {
  const dispatch = useDispatch();
  const { allowed, push } = useSelector(
    (s) => ({
      allowed: selectIsSignedIn(s) && s.user.profile?.PUSHNotifications === true,
      push: s.checkout.orderPush,
    }),
    jsonEqual,
  );
  if (!allowed || order.status === 'Closed' || order.status === 'Cancelled') return null;
  if (push.status === 'enabled')
    return (
      <p className={ui.muted} role="status" data-testid="order-push">
        {ORDER_PUSH_TEXT.enabled}
      </p>
    );
  if (push.status === 'pending')
    return (
      <p className={ui.muted} role="status" data-testid="order-push">
        {ORDER_PUSH_TEXT.pending}
      </p>
    );
  const failure =
    push.status === 'failed' && push.message !== null ? (
      <p className={ui.error} role="alert">
        {push.message}
      </p>
    ) : null;
  if (push.device !== 'available' || push.status === 'declined') return failure;
  return (
    <section aria-label="Уведомления о заказе" data-testid="order-push">
      {failure}
      <p>{ORDER_PUSH_TEXT.question}</p>
      <div className={ui.actions}>
        <button type="button" className={ui.button} onClick={() => dispatch({ type: 'EnableOrderPush', data: {} })}>
          {ORDER_PUSH_TEXT.yes}
        </button>
        <button
          type="button"
          className={`${ui.button} ${ui.secondary}`}
          onClick={() => dispatch({ type: 'DeclineOrderPush', data: {} })}
        >
          {ORDER_PUSH_TEXT.no}
        </button>
      </div>
    </section>
  );
}
