// What a cancelled order means for the customer's money and bonuses, shared by /complete and
// /complete-error. A cancelled order paid online stays 'paid' until the provider confirms the
// refund, then turns 'refunded'; the server gives spent bonuses back on every cancel.
import type { Order } from '../../api/contract/orders';
import { formatNumber } from '../../domain/price';
import { AppLink } from '../app/routing';
import ui from '../components/ui.module.css';

type CancelledFacts = Pick<Order, 'number' | 'paymentMethod' | 'paymentStatus' | 'bonusSpent'>;

export const TEXT_TO_MENU = 'Перейти в меню';

export const cancelledTitle = (order: Pick<Order, 'number'>): string => `Заказ №${order.number} отменён`;

/** Where the refund goes, in the words of the way the customer paid. */
function refundDestination(method: Order['paymentMethod']): string | null {
  if (method === 'card') return 'на карту';
  if (method === 'sbp') return 'на счёт, с которого вы платили';
  return null;
}

/** The line about the money, or null when nothing was charged online and nothing needs saying. */
export function cancelledMoneyText(order: CancelledFacts): string | null {
  const to = refundDestination(order.paymentMethod);
  if (order.paymentStatus === 'paid')
    return `Деньги вернутся${to === null ? '' : ` ${to}`}, обычно в течение нескольких дней.`;
  if (order.paymentStatus === 'refunded')
    return to === null ? 'Деньги за заказ возвращены.' : `Деньги возвращены ${to}.`;
  if (order.paymentStatus === 'none') return 'Оплачивать его не нужно.';
  return null;
}

export function bonusReturnedText(order: Pick<Order, 'bonusSpent'>): string | null {
  if (order.bonusSpent <= 0) return null;
  return `Бонусы, списанные на заказ (${formatNumber(order.bonusSpent)}), вернулись на ваш бонусный счёт.`;
}

/** The money and bonus lines of a cancelled order, each its own paragraph. */
export function CancelledOrderLines({ order }: { order: CancelledFacts }) {
  const money = cancelledMoneyText(order);
  const bonus = bonusReturnedText(order);
  return (
    <>
      {money !== null && <p data-testid="cancelled-money">{money}</p>}
      {bonus !== null && <p data-testid="cancelled-bonus">{bonus}</p>}
    </>
  );
}

export function ToMenuLink({ secondary = false }: { secondary?: boolean }) {
  return (
    <AppLink to="/catalog" className={secondary ? `${ui.button} ${ui.secondary}` : ui.button}>
      {TEXT_TO_MENU}
    </AppLink>
  );
}
