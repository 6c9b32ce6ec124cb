// /checkout — the checkout itself is a later issue; the cart-empty guard already applies.
import { AppLink } from '../app/routing';
import ui from '../components/ui.module.css';

export const TEXT_CHECKOUT_SOON = 'Оформление заказа скоро будет доступно';

export default function CheckoutPage() {
  return (
    <div className={ui.container}>
      <h1 className={ui.pageTitle}>Оформление заказа</h1>
      <p>{TEXT_CHECKOUT_SOON}</p>
      <AppLink to="/cart" className={`${ui.button} ${ui.secondary}`}>
        Вернуться в корзину
      </AppLink>
    </div>
  );
}
