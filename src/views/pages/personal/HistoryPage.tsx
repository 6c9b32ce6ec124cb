// Order history with 'Повторить заказ' for the last order and for each order: RepeatOrder re-adds
// each product with its modifiers, closes the modals and opens the cart (PRODUCT.md §4). The page
// dispatches LoadOrderHistory and shows the user area's history: the effect GETs
// /user/{phone}/history (src/effects/user.ts); a history loaded before shows at once while it is
// asked for again. While shown it is re-read on each push about the customer's orders (live).
import { useEffect, useState } from 'react';
import type { LastOrder } from '../../../api/entities';
import type { Order as HistoryOrder } from '../../../api/contract/orders';
import { lastOrderOf } from '../../../domain/lastOrder';
import { formatCount } from '../../../domain/plural';
import { formatPrice } from '../../../domain/price';
import { isRateableStatus } from '../../../domain/rating';
import { selectOrderRating } from '../../../projections/user';
import { RatingForm, RatingSummary } from '../../components/RatingForm';
import { useNavigateTo } from '../../app/routing';
import { jsonEqual, useDispatch, useSelector, useStore } from '../../app/store';
import ui from '../../components/ui.module.css';
import { priceChanges, TEXT_PRICES_CHANGED } from './HistoryPrices';
import { PersonalLayout } from './PersonalLayout';
import styles from './Personal.module.css';
import { decideUser } from '../../../commands/user.decide';
import type { ChunkDeciders } from '../../../commands/onDemand';

export const deciders: ChunkDeciders = { user: decideUser };

const PORTIONS = ['порция', 'порции', 'порций'] as const;
const dateFormat = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

function formatDate(iso: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? iso : dateFormat.format(t);
}

function useRepeat(): (order: LastOrder, pricesChanged?: boolean) => void {
  const dispatch = useDispatch();
  const store = useStore();
  const navigate = useNavigateTo();
  return (lastOrder, pricesChanged = false) => {
    dispatch({ type: 'RepeatOrder', data: { lastOrder } });
    // The core answers CartOpened unless adding is blocked (a not-working or work-time modal).
    const top = store.getState().modal.stack.at(-1)?.kind;
    if (top === 'workTime' || top === 'siteNotWorking') return;
    // PRODUCT.md §8's toasts for missing products and modifiers come from the core; this one notes new prices.
    if (pricesChanged) dispatch({ type: 'ShowToast', data: { text: TEXT_PRICES_CHANGED, kind: 'info' } });
    navigate('/cart');
  };
}

function RepeatLastOrder() {
  const repeat = useRepeat();
  const lastOrder = useSelector((s) => s.user.lastOrder);
  const products = lastOrder?.products.filter((p) => !p.isGift) ?? [];
  if (lastOrder === null || products.length === 0) return null;
  return (
    <section className={styles.card} aria-labelledby="last-order">
      <h2 id="last-order">Последний заказ</h2>
      <ul className={styles.order}>
        {products.map((p, i) => (
          <li key={`${p.productId}-${i}`}>
            <span>{p.name}</span>
            <span>{formatCount(p.amount, PORTIONS)}</span>
          </li>
        ))}
      </ul>
      <button type="button" className={ui.button} onClick={() => repeat(lastOrder)}>
        Повторить заказ
      </button>
    </section>
  );
}

/** A delivered order's rating, or «Оценить заказ» opening the form. */
function OrderRatingBlock({ order }: { order: HistoryOrder }) {
  const rating = useSelector((s) => selectOrderRating(s.user, order.id), jsonEqual);
  const [open, setOpen] = useState(false);
  if (rating !== null) return <RatingSummary rating={rating} />;
  if (open) return <RatingForm orderId={order.id} number={order.number} />;
  return (
    <button type="button" className={`${ui.button} ${ui.secondary} ${ui.small}`} onClick={() => setOpen(true)}>
      Оценить заказ
    </button>
  );
}

function Order({ order }: { order: HistoryOrder }) {
  const repeat = useRepeat();
  const catalog = useSelector((s) => s.catalog.catalog);
  const settings = useSelector((s) => s.setting.settings);
  const changes = priceChanges(order.items, catalog, settings);
  return (
    <li className={styles.card}>
      <h3 className={styles.orderTitle}>
        Заказ №{order.number} от {formatDate(order.createdAt)} · {formatPrice(order.total)}
      </h3>
      <p className={ui.muted}>Статус: {order.statusName}</p>
      <ul className={styles.order}>
        {order.items.map((item, i) => (
          <li key={`${item.productId}-${i}`}>
            <span>
              {item.name}
              {item.isGift && <span className={ui.muted}> (подарок)</span>}
              {item.halfPizza !== undefined && <span className={ui.muted}> ({item.halfPizza.sizeName})</span>}
              {item.mods.length > 0 && <span className={ui.muted}> ({item.mods.map((m) => m.name).join(', ')})</span>}
            </span>
            <span>{formatCount(item.amount, PORTIONS)}</span>
          </li>
        ))}
      </ul>
      {changes.length > 0 && (
        <ul className={ui.muted} aria-label="Изменения цен" data-testid="history-price-changes">
          {changes.map((c) => (
            <li key={c.productId}>
              Цена «{c.name}» изменилась: было {formatPrice(c.was)}, сейчас {formatPrice(c.now)}
            </li>
          ))}
        </ul>
      )}
      {isRateableStatus(order.status) && <OrderRatingBlock order={order} />}
      <button
        type="button"
        className={`${ui.button} ${ui.secondary} ${ui.small}`}
        onClick={() => repeat(lastOrderOf(order.items), changes.length > 0)}
      >
        Повторить этот заказ
      </button>
    </li>
  );
}

function History() {
  const dispatch = useDispatch();
  const phone = useSelector((s) => s.user.profile?.phone ?? null);
  const history = useSelector((s) => s.user.history);
  useEffect(() => {
    if (phone === null) return;
    dispatch({ type: 'LoadOrderHistory', data: {} });
    // While shown, the history follows the order pushes (src/effects/checkout/historyStatus.ts).
    return () => dispatch({ type: 'StopOrderHistoryTracking', data: {} });
  }, [phone, dispatch]);
  if (history.status === 'idle' || history.status === 'loading')
    return <p className={ui.muted}>Загружаем историю заказов…</p>;
  if (history.status === 'failed') return <p className={ui.muted}>Не удалось загрузить историю заказов.</p>;
  if (history.orders.length === 0) return <p className={ui.muted}>Вы ещё ничего не заказывали.</p>;
  return (
    <ul className={styles.orders}>
      {history.orders.map((o) => (
        <Order key={o.id} order={o} />
      ))}
    </ul>
  );
}

export default function HistoryPage() {
  return (
    <PersonalLayout title="История заказов">
      <div className={styles.grid}>
        <RepeatLastOrder />
        <History />
      </div>
    </PersonalLayout>
  );
}
