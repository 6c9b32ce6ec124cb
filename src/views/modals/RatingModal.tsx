// The visit's prompt to rate a delivered order (docs/CHECKOUT.md «Rating after delivery»). Closing
// it without a rating dismisses the prompt for good (DismissRatingPrompt).
import { selectOrderRating } from '../../projections/user';
import { useSelector } from '../app/store';
import { RatingForm } from '../components/RatingForm';
import ui from '../components/ui.module.css';
import { Dialog } from './Dialog';

export function RatingModal({ orderId, number, onClose }: { orderId: string; number: number; onClose: () => void }) {
  const rated = useSelector((s) => selectOrderRating(s.user, orderId) !== null);
  return (
    <Dialog title="Оцените заказ" onClose={onClose} size="s">
      <RatingForm orderId={orderId} number={number} />
      <div className={ui.actions}>
        <button type="button" className={`${ui.button} ${ui.ghost}`} onClick={onClose}>
          {rated ? 'Готово' : 'Не сейчас'}
        </button>
      </div>
    </Dialog>
  );
}
