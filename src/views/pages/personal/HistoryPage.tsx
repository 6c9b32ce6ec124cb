// Order history: the last order with 'Повторить заказ' (RepeatOrder re-adds each product with its
// modifiers, closes the modals and opens the cart). The full history list needs a core command.
import { formatCount } from '../../../domain/plural';
import { useDispatch, useSelector } from '../../app/store';
import ui from '../../components/ui.module.css';
import { PersonalLayout } from './PersonalLayout';
import styles from './Personal.module.css';

export default function HistoryPage() {
  const dispatch = useDispatch();
  const lastOrder = useSelector((s) => s.user.lastOrder);
  const products = lastOrder?.products.filter((p) => !p.isGift) ?? [];
  return (
    <PersonalLayout title="История заказов">
      {lastOrder === null || products.length === 0 ? (
        <p className={ui.muted}>Вы ещё ничего не заказывали.</p>
      ) : (
        <section className={styles.card} aria-labelledby="last-order">
          <h2 id="last-order">Последний заказ</h2>
          <ul className={styles.order}>
            {products.map((p, i) => (
              <li key={`${p.productId}-${i}`}>
                <span>{p.name}</span>
                <span>{formatCount(p.amount, ['порция', 'порции', 'порций'])}</span>
              </li>
            ))}
          </ul>
          <button type="button" className={ui.button} onClick={() => dispatch({ type: 'RepeatOrder', data: { lastOrder } })}>
            Повторить заказ
          </button>
        </section>
      )}
    </PersonalLayout>
  );
}
