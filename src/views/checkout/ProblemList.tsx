// The refusals in the way of the order, each with what the customer can do about it (a button
// opening the right modal or page where there is one).
import type { RefusalAction } from '../../api/contract/checkout';
import type { OrderProblem } from '../../events/checkout';
import type { Modal } from '../../events/modal';
import { AppLink } from '../app/routing';
import ui from '../components/ui.module.css';
import { ModalLink } from '../components/ModalLink';
import styles from './Checkout.module.css';

type BareModal = Extract<Modal, { kind: 'address' | 'restaurants' | 'deliveryMethod' | 'time' | 'auth' }>;
const MODAL_OF: Partial<Record<RefusalAction, { modal: BareModal; label: string }>> = {
  'change-address': { modal: { kind: 'address' }, label: 'Изменить адрес' },
  'change-restaurant': { modal: { kind: 'restaurants' }, label: 'Выбрать ресторан' },
  'change-method': { modal: { kind: 'deliveryMethod' }, label: 'Доставка или самовывоз' },
  'change-time': { modal: { kind: 'time' }, label: 'Выбрать время' },
  'sign-in': { modal: { kind: 'auth' }, label: 'Войти' },
};
const LINK_OF: Partial<Record<RefusalAction, { to: string; label: string }>> = {
  'add-items': { to: '/catalog', label: 'Перейти в меню' },
  'remove-items': { to: '/cart', label: 'Открыть корзину' },
  'review-cart': { to: '/cart', label: 'Открыть корзину' },
  'change-coupon': { to: '/cart', label: 'Открыть корзину' },
};

export function ProblemList({ problems }: { problems: readonly OrderProblem[] }) {
  if (problems.length === 0) return null;
  return (
    <ul className={styles.problems} aria-label="Что мешает оформить заказ" data-testid="checkout-problems">
      {problems.map((p, i) => {
        const modal = MODAL_OF[p.action];
        const link = LINK_OF[p.action];
        return (
          <li key={`${p.code}-${i}`} className={styles.problem} data-code={p.code}>
            <p className={styles.problemText}>{p.message}</p>
            {p.actionText !== '' && <p className={styles.problemHint}>{p.actionText}</p>}
            {modal !== undefined && <ModalLink modal={modal.modal}>{modal.label}</ModalLink>}
            {link !== undefined && (
              <AppLink to={link.to} className={ui.link}>
                {link.label}
              </AppLink>
            )}
          </li>
        );
      })}
    </ul>
  );
}
