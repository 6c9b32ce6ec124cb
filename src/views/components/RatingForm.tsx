// Rating a delivered order (docs/CHECKOUT.md «Rating after delivery»): 1–5 stars, tags from
// RATING_TAGS and a comment of up to 500 characters, sent with RateOrder; the form's and the
// server's refusals show under it. Once rated, the rating itself shows instead.
import { useId, useState, type FormEvent } from 'react';
import type { OrderRating } from '../../api/contract/ratings';
import { RATING_COMMENT_MAX, RATING_MAX_SCORE, RATING_TAGS } from '../../domain/rating';
import { selectOrderRating, selectRatingForm } from '../../projections/user';
import { jsonEqual, useDispatch, useSelector } from '../app/store';
import ui from './ui.module.css';
import styles from './RatingForm.module.css';

const SCORES = Array.from({ length: RATING_MAX_SCORE }, (_, i) => i + 1);
const count = new Intl.NumberFormat('ru-RU');

export function starsText(score: number): string {
  return '★'.repeat(score) + '☆'.repeat(RATING_MAX_SCORE - score);
}

/** A rating as the customer gave it. */
export function RatingSummary({ rating }: { rating: OrderRating }) {
  return (
    <div data-testid="order-rating">
      <p>
        Ваша оценка:{' '}
        <span className={styles.shown} aria-label={`${rating.score} из ${RATING_MAX_SCORE}`}>
          {starsText(rating.score)}
        </span>
      </p>
      {rating.tags.length > 0 && <p className={ui.muted}>{rating.tags.join(', ')}</p>}
      {rating.comment !== '' && <p className={ui.muted}>«{rating.comment}»</p>}
    </div>
  );
}

export function RatingForm({ orderId, number }: { orderId: string; number: number }) {
  const dispatch = useDispatch();
  const rating = useSelector((s) => selectOrderRating(s.user, orderId), jsonEqual);
  const form = useSelector((s) => selectRatingForm(s.user, orderId), jsonEqual);
  const [score, setScore] = useState(0);
  const [tags, setTags] = useState<readonly string[]>([]);
  const [comment, setComment] = useState('');
  const titleId = useId();
  const commentId = useId();
  if (rating !== null)
    return (
      <div role="status">
        <p>Спасибо за оценку!</p>
        <RatingSummary rating={rating} />
      </div>
    );
  const sending = form?.status === 'sending';
  const toggle = (tag: string) => setTags((t) => (t.includes(tag) ? t.filter((x) => x !== tag) : [...t, tag]));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    dispatch({ type: 'RateOrder', data: { orderId, score, tags: [...tags], comment } });
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby={titleId} data-testid="rating-form">
      <p id={titleId}>Как вам заказ №{number}?</p>
      <fieldset className={styles.stars}>
        <legend className={ui.label}>Оценка</legend>
        {SCORES.map((n) => (
          <button
            key={n}
            type="button"
            className={`${styles.star} ${n <= score ? styles.starOn : ''}`}
            aria-label={`Оценка ${n} из ${RATING_MAX_SCORE}`}
            aria-pressed={n === score}
            onClick={() => setScore(n)}
          >
            ★
          </button>
        ))}
      </fieldset>
      <fieldset className={styles.tags}>
        <legend className={ui.label}>Что запомнилось</legend>
        {RATING_TAGS.map((tag) => (
          <button
            key={tag}
            type="button"
            className={`${ui.chip} ${tags.includes(tag) ? ui.chipActive : ''}`}
            aria-pressed={tags.includes(tag)}
            onClick={() => toggle(tag)}
          >
            {tag}
          </button>
        ))}
      </fieldset>
      <div className={ui.field}>
        <label className={ui.label} htmlFor={commentId}>
          Комментарий
        </label>
        <textarea
          id={commentId}
          className={ui.input}
          name="comment"
          rows={3}
          maxLength={RATING_COMMENT_MAX}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
        />
        <span className={ui.muted}>
          {count.format([...comment].length)} из {count.format(RATING_COMMENT_MAX)}
        </span>
      </div>
      {form?.status === 'refused' && (
        <p className={ui.error} role="alert">
          {form.message}
        </p>
      )}
      <button type="submit" className={ui.button} disabled={sending}>
        {sending ? 'Отправляем…' : 'Отправить оценку'}
      </button>
    </form>
  );
}
