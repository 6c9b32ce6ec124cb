// The visit's prompt to rate a delivered order (docs/CHECKOUT.md «Rating after delivery»). Closing
// it without a rating dismisses the prompt for good (DismissRatingPrompt).
import { RatingForm } from '../components/RatingForm';
import { Dialog } from './Dialog';

export function RatingModal({ orderId, number, onClose }: { orderId: string; number: number; onClose: () => void }) {
  return (
    <Dialog title="Оцените заказ" onClose={onClose} size="s">
      <RatingForm orderId={orderId} number={number} />
    </Dialog>
  );
}
