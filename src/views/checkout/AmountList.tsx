// Every line of the sum to pay (goods, discount, gifts, delivery, service fee, bonuses) and the sum:
// one list for the cart, /checkout and /complete, so the three read alike and agree.
import type { ReactNode } from 'react';
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
  /** Added to the list's own layout (the cart sets it in a panel). */
  className?: string;
  /** data-testid of the list and of the sum to pay. */
  testId: string;
  totalTestId: string;
}) {
  const { goods, discount, gifts, delivery, serviceFee, bonus, toPay } = amounts;
  return (
    <dl className={className === undefined ? styles.totals : `${styles.totals} ${className}`} data-testid={testId}>
      <Line term={goodsCount === undefined ? AMOUNT_TEXT.goods : `${AMOUNT_TEXT.goods} (${goodsCount})`}>
        {formatPrice(goods)}
      </Line>
      {discount > 0 && <Line term={AMOUNT_TEXT.discount}>−{formatPrice(discount)}</Line>}
      {gifts > 0 && <Line term={`${AMOUNT_TEXT.gifts} (${gifts})`}>{AMOUNT_TEXT.free}</Line>}
      {delivery !== null && (
        <Line term={AMOUNT_TEXT.delivery}>{delivery === 0 ? AMOUNT_TEXT.free : formatPrice(delivery)}</Line>
      )}
      {serviceFee > 0 && <Line term={AMOUNT_TEXT.serviceFee}>{formatPrice(serviceFee)}</Line>}
      {bonus > 0 && <Line term={AMOUNT_TEXT.bonus}>−{formatPrice(bonus)}</Line>}
      <Line term={AMOUNT_TEXT.toPay} className={styles.grand} testId={totalTestId}>
        {formatPrice(toPay)}
      </Line>
    </dl>
  );
}

function Line({
  term,
  className,
  testId,
  children,
}: {
  term: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <dt>{term}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}
