// /complete-error?order=ID: the online payment did not go through. Explains what
// happened to the order and keeps the cart for another try.
import type { ReactNode } from 'react';
import type { Order } from '../../api/contract/orders';
import { AppLink } from '../app/routing';
import { useSelector } from '../app/store';
import { selectIsCartEmpty } from '../../projections/cart';
import { bonusReturnedText, cancelledMoneyText, cancelledTitle, ToMenuLink } from '../checkout/CancelledOrder';
import ui from '../components/ui.module.css';
import styles from '../checkout/Checkout.module.css';
import { useOrderIdParam, useShownOrder } from './CompletePage';

// CompletePage's hooks dispatch checkout commands.
export { deciders } from './CompletePage';

export const TITLE_COMPLETE_ERROR = 'Не удалось оплатить заказ';
export const TEXT_CART_KEPT = 'Корзина сохранена: вы можете оплатить заказ ещё раз или выбрать оплату при получении.';

/** The payment went through but the order was cancelled afterwards: the page is about the refund, not a failed payment. */
const wasPaidThenCancelled = (order: Order): boolean =>
  order.status === 'Cancelled' && (order.paymentStatus === 'paid' || order.paymentStatus === 'refunded');

/** The page's frame: its title, its text, then its links, the last one to the cart. */
function Frame({ title, links, children }: { title: string; links?: ReactNode; children: ReactNode }) {
  return (
    <div className={ui.container}>
      <h1 className={ui.pageTitle}>{title}</h1>
      <div className={styles.form}>
        {children}
        <div className={ui.actions}>
          {links}
          <AppLink to="/cart" className={`${ui.button} ${ui.secondary}`}>
            Открыть корзину
          </AppLink>
        </div>
      </div>
    </div>
  );
}

function PaidThenCancelled({ order }: { order: Order }) {
  const bonus = bonusReturnedText(order);
  return (
    <Frame title={cancelledTitle(order)} links={<ToMenuLink />}>
      <p role="status" data-testid="complete-error-text">
        {cancelledMoneyText(order)}
      </p>
      {bonus !== null && <p>{bonus}</p>}
    </Frame>
  );
}

export default function CompleteErrorPage() {
  const orderId = useOrderIdParam();
  const shown = useShownOrder(orderId);
  const cartEmpty = useSelector((s) => selectIsCartEmpty(s.cart));
  const order = shown?.status === 'loaded' ? shown.order : null;
  if (order !== null && wasPaidThenCancelled(order)) return <PaidThenCancelled order={order} />;
  let what = 'Оплата не прошла или заказ не был принят.';
  if (order !== null) {
    if (order.paymentStatus === 'paid') what = `Заказ №${order.number} оплачен — всё в порядке.`;
    else if (order.status === 'Cancelled' || order.paymentStatus === 'failed')
      what = `Оплата заказа №${order.number} не прошла, деньги не списаны. Заказ отменён.`;
    else what = `Заказ №${order.number} ещё не оплачен.`;
  }
  const bonus = order?.status === 'Cancelled' ? bonusReturnedText(order) : null;
  return (
    <Frame
      title={TITLE_COMPLETE_ERROR}
      links={
        !cartEmpty && (
          <AppLink to="/checkout" className={ui.button}>
            Вернуться к оформлению
          </AppLink>
        )
      }
    >
      <p role="alert" data-testid="complete-error-text">
        {what}
      </p>
      {bonus !== null && <p>{bonus}</p>}
      {shown?.status === 'loading' && <p className={ui.muted}>Проверяем заказ…</p>}
      {!cartEmpty && <p>{TEXT_CART_KEPT}</p>}
    </Frame>
  );
}
