// /complete-error?order=ID (issue 5): the online payment did not go through. Explains what
// happened to the order and keeps the cart for another try.
import { AppLink } from '../app/routing';
import { useSelector } from '../app/store';
import { selectIsCartEmpty } from '../../projections/cart';
import ui from '../components/ui.module.css';
import styles from '../checkout/Checkout.module.css';
import { useOrderIdParam, useShownOrder } from './CompletePage';

export const TITLE_COMPLETE_ERROR = 'Не удалось оплатить заказ';
export const TEXT_CART_KEPT = 'Корзина сохранена: вы можете оплатить заказ ещё раз или выбрать оплату при получении.';

export default function CompleteErrorPage() {
  const orderId = useOrderIdParam();
  const shown = useShownOrder(orderId);
  const cartEmpty = useSelector((s) => selectIsCartEmpty(s.cart));
  const order = shown?.status === 'loaded' ? shown.order : null;
  let what = 'Оплата не прошла или заказ не был принят.';
  if (order !== null) {
    if (order.paymentStatus === 'paid') what = `Заказ №${order.number} оплачен — всё в порядке.`;
    else if (order.status === 'Cancelled' || order.paymentStatus === 'failed') what = `Оплата заказа №${order.number} не прошла, деньги не списаны. Заказ отменён.`;
    else what = `Заказ №${order.number} ещё не оплачен.`;
  }
  return (
    <div className={ui.container}>
      <h1 className={ui.pageTitle}>{TITLE_COMPLETE_ERROR}</h1>
      <div className={styles.form}>
        <p role="alert" data-testid="complete-error-text">
          {what}
        </p>
        {shown?.status === 'loading' && <p className={ui.muted}>Проверяем заказ…</p>}
        {!cartEmpty && <p>{TEXT_CART_KEPT}</p>}
        <div className={ui.actions}>
          {!cartEmpty && (
            <AppLink to="/checkout" className={ui.button}>
              Вернуться к оформлению
            </AppLink>
          )}
          <AppLink to="/cart" className={`${ui.button} ${ui.secondary}`}>
            Открыть корзину
          </AppLink>
        </div>
      </div>
    </div>
  );
}
