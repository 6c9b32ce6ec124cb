// Ratings of 1–3 on the live orders screen (docs/CHECKOUT.md «Rating after delivery»): they arrive
// over the staff WebSocket the moment a customer gives them, with a beep, and stay listed until the
// operator opens the order or puts the rating aside. The order panel shows any order's rating.
import { Link } from 'wouter';
import type { OrderRating } from '../../../api/contract/ratings';
import { RATING_MAX_SCORE } from '../../../domain/rating';
import { useLiveOrders } from '../data/liveOrders';
import { formatDateTime } from '../ui';
import s from '../admin.module.css';

export function stars(score: number): string {
  return '★'.repeat(score) + '☆'.repeat(RATING_MAX_SCORE - score);
}

export function LowRatingsAlert() {
  const live = useLiveOrders();
  if (live.lowRatings.length === 0) return null;
  return (
    <div className={s.warning} role="alert" aria-label="Низкие оценки">
      <p>
        <strong>Низкие оценки клиентов</strong>
      </p>
      <ul className={s.list}>
        {live.lowRatings.map((r) => (
          <li key={r.orderId} className={s.listItem} data-low-rating={r.orderId}>
            <span>
              <Link href={`/${r.orderId}`} onClick={() => live.putAsideRating(r.orderId)}>
                Заказ №{r.number}
              </Link>
              : <span aria-label={`${r.score} из ${RATING_MAX_SCORE}`}>{stars(r.score)}</span>
              {r.tags.length > 0 ? ` · ${r.tags.join(', ')}` : null}
              {r.comment !== '' ? ` · «${r.comment}»` : null}
            </span>
            <button type="button" className={s.button} onClick={() => live.putAsideRating(r.orderId)}>
              Скрыть
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The customer's rating in the order panel. */
export function OrderRatingView({ rating }: { rating: OrderRating | null | undefined }) {
  return (
    <>
      <h3 className={s.subtitle}>Оценка клиента</h3>
      {rating ? (
        <div data-testid="admin-order-rating">
          <p>
            <span aria-label={`${rating.score} из ${RATING_MAX_SCORE}`}>{stars(rating.score)}</span>{' '}
            <span className={s.muted}>{formatDateTime(rating.createdAt)}</span>
          </p>
          {rating.tags.length > 0 ? <p>{rating.tags.join(', ')}</p> : null}
          {rating.comment !== '' ? <p>«{rating.comment}»</p> : null}
        </div>
      ) : (
        <p className={s.muted}>Клиент ещё не оценил заказ.</p>
      )}
    </>
  );
}
