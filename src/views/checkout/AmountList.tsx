// Every line of the sum to pay (goods, discount, gifts, delivery, service fee, bonuses) and the sum:
// one list for the cart, /checkout and /complete, so the three read alike and agree.
import type { OrderAmounts } from '../../domain/amounts';
import { AMOUNT_TEXT } from '../../domain/checkoutText';
import { formatPrice } from '../../domain/price';
import styles from './Checkout.module.css';

export function AmountList({
  amounts,
  goodsCount,
  className,
  testId,
  totalTestId,
}: {
  amounts: OrderAmounts;
  /** Goods units, shown as 'Товары (3)' where known. */
  goodsCount?: number;
  className?: string;
  /** data-testid of the list and of the sum to pay. */
  testId: string;
  totalTestId: string;
}) {
  const { goods, discount, gifts, delivery, serviceFee, bonus, toPay } = amounts;
  return (
    <dl className={className ?? styles.totals} data-testid={testId}>
      <div>
        <dt>{goodsCount === undefined ? AMOUNT_TEXT.goods : `${AMOUNT_TEXT.goods} (${goodsCount})`}</dt>
        <dd>{formatPrice(goods)}</dd>
      </div>
      {discount > 0 && (
        <div>
          <dt>{AMOUNT_TEXT.discount}</dt>
          <dd>−{formatPrice(discount)}</dd>
        </div>
      )}
      {gifts > 0 && (
        <div>
          <dt>{`${AMOUNT_TEXT.gifts} (${gifts})`}</dt>
          <dd>{AMOUNT_TEXT.free}</dd>
        </div>
      )}
      {delivery !== null && (
        <div>
          <dt>{AMOUNT_TEXT.delivery}</dt>
          <dd>{delivery === 0 ? AMOUNT_TEXT.free : formatPrice(delivery)}</dd>
        </div>
      )}
      {serviceFee > 0 && (
        <div>
          <dt>{AMOUNT_TEXT.serviceFee}</dt>
          <dd>{formatPrice(serviceFee)}</dd>
        </div>
      )}
      {bonus > 0 && (
        <div>
          <dt>{AMOUNT_TEXT.bonus}</dt>
          <dd>−{formatPrice(bonus)}</dd>
        </div>
      )}
      <div className={styles.grand}>
        <dt>{AMOUNT_TEXT.toPay}</dt>
        <dd data-testid={totalTestId}>{formatPrice(toPay)}</dd>
      </div>
    </dl>
  );
}
