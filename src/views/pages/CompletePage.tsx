// /complete?order=ID: the order number, contents, totals, address or restaurant, time
// and its live status (order:status_update over the WebSocket, statuses in plain Russian). The
// order id is in the URL, so a reload re-fetches it.
import { useEffect } from 'react';
import { useSearch } from 'wouter';
import { ORDER_STATUS_FLOW, ORDER_STATUS_NAMES, type Order } from '../../api/contract/orders';
import { orderStatusSentence } from '../../domain/checkoutText';
import { isOnline, sbpAwaitingPayment } from '../../domain/payment';
import { AppLink } from '../app/routing';
import { jsonEqual, useDispatch, useSelector } from '../app/store';
import { CancelledOrderLines, cancelledTitle, ToMenuLink } from '../checkout/CancelledOrder';
import { OrderDetails } from '../checkout/OrderDetails';
import { SbpPayment } from '../checkout/SbpPayment';
import { SurchargeNotice } from '../checkout/SurchargeNotice';
import { OrderPushOffer } from '../checkout/OrderPushOffer';
import ui from '../components/ui.module.css';
import styles from '../checkout/Checkout.module.css';
import { isRateableStatus } from '../../domain/rating';
import { RatingForm } from '../components/RatingForm';
import { decideCheckout } from '../../commands/checkout.decide';
import { decideUser } from '../../commands/user.decide';
import type { ChunkDeciders } from '../../commands/onDemand';

export const deciders: ChunkDeciders = { checkout: decideCheckout, user: decideUser };

/** The order id of ?order=ID, or null. */
export function useOrderIdParam(): string | null {
  const search = useSearch();
  const id = new URLSearchParams(search).get('order')?.trim() ?? '';
  return id === '' ? null : id;
}

/** Loads the order of the URL and follows its status while the page is shown. */
export function useShownOrder(orderId: string | null) {
  const dispatch = useDispatch();
  useEffect(() => {
    if (orderId === null) return;
    dispatch({ type: 'LoadOrder', data: { orderId } });
    return () => dispatch({ type: 'StopOrderTracking', data: { orderId } });
  }, [orderId, dispatch]);
  return useSelector((s) => {
    const shown = s.checkout.shown;
    if (orderId === null) return null;
    if (shown.status === 'loaded') return shown.order.id === orderId ? shown : { status: 'loading' as const, orderId };
    if (shown.status === 'idle') return { status: 'loading' as const, orderId };
    return shown.orderId === orderId ? shown : { status: 'loading' as const, orderId };
  }, jsonEqual);
}

function Status({ order }: { order: Order }) {
  const flow = ORDER_STATUS_FLOW[order.deliveryMethod];
  const at = flow.indexOf(order.status);
  const names = [...new Set(flow.map((s) => ORDER_STATUS_NAMES[s]))];
  const currentName = ORDER_STATUS_NAMES[order.status];
  const reached = new Set(flow.slice(0, Math.max(0, at) + 1).map((s) => ORDER_STATUS_NAMES[s]));
  return (
    <section className={styles.section} aria-labelledby="order-status">
      <h2 id="order-status" className={styles.sectionTitle}>
        Статус заказа
      </h2>
      <p aria-live="polite">
        <span className={styles.status} data-testid="order-status">
          {currentName}
        </span>
      </p>
      {order.status !== 'Cancelled' && (
        <ol className={styles.steps} aria-label="Этапы заказа">
          {names.map((n) => (
            <li key={n} className={reached.has(n) ? styles.stepDone : styles.stepTodo}>
              {n}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export default function CompletePage() {
  const orderId = useOrderIdParam();
  const shown = useShownOrder(orderId);
  if (orderId === null || shown === null) {
    return (
      <div className={ui.container}>
        <h1 className={ui.pageTitle}>Спасибо за заказ!</h1>
        <p>Статус заказа можно посмотреть в истории заказов.</p>
        <AppLink to="/personal/history" className={ui.button}>
          История заказов
        </AppLink>
      </div>
    );
  }
  if (shown.status === 'loading') {
    return (
      <div className={ui.container}>
        <h1 className={ui.pageTitle}>Заказ</h1>
        <p className={ui.muted}>Загружаем заказ…</p>
      </div>
    );
  }
  if (shown.status === 'failed') {
    return (
      <div className={ui.container}>
        <h1 className={ui.pageTitle}>Заказ</h1>
        <p role="alert">Не удалось загрузить заказ: {shown.message}</p>
        <AppLink to="/personal/history" className={ui.button}>
          История заказов
        </AppLink>
      </div>
    );
  }
  const order = shown.order;
  const awaitingPayment =
    isOnline(order.paymentMethod) && order.paymentStatus === 'pending' && order.status !== 'Cancelled';
  const paymentFailed =
    isOnline(order.paymentMethod) &&
    (order.paymentStatus === 'failed' ||
      (order.status === 'Cancelled' && order.paymentStatus !== 'paid' && order.paymentStatus !== 'refunded'));
  const cancelled = order.status === 'Cancelled';
  return (
    <div className={ui.container}>
      <h1 className={ui.pageTitle} data-testid="order-number">
        {cancelled ? cancelledTitle(order) : `Заказ №${order.number}`}
      </h1>
      {awaitingPayment && <p className={ui.muted}>Ждём подтверждения оплаты…</p>}
      <SurchargeNotice order={order} />
      {sbpAwaitingPayment(order) && (
        <div className={styles.form}>
          <SbpPayment orderId={order.id} />
        </div>
      )}
      {paymentFailed ? (
        <p role="alert">
          Оплата не прошла, заказ отменён. Корзина сохранена — <AppLink to="/checkout">попробуйте ещё раз</AppLink>.
        </p>
      ) : (
        !awaitingPayment &&
        !cancelled && <p data-testid="order-status-text">{orderStatusSentence(order.status, order.deliveryMethod)}</p>
      )}
      {cancelled && (
        <div role="status">
          <CancelledOrderLines order={order} />
        </div>
      )}
      {!awaitingPayment && !paymentFailed && <OrderPushOffer order={order} />}
      <div className={styles.form}>
        {isRateableStatus(order.status) && (
          <section className={styles.section} aria-labelledby="order-rating">
            <h2 id="order-rating" className={styles.sectionTitle}>
              Оценка заказа
            </h2>
            <RatingForm orderId={order.id} number={order.number} />
          </section>
        )}
        <Status order={order} />
        <OrderDetails order={order} />
      </div>
      <p style={{ marginTop: 'var(--space-4)' }}>
        {cancelled ? (
          <ToMenuLink />
        ) : (
          <AppLink to="/" className={ui.button}>
            На главную
          </AppLink>
        )}
      </p>
    </div>
  );
}
