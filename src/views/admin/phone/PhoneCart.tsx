// The phone order's cart: the lines taken, +/−, then the totals of the server's quote (never summed
// here), the coupon and the bonuses, each with the quote's refusal under it.
import { useState } from 'react';
import type { CheckoutQuote } from '../../../api/contract/checkout';
import { FormError, NumberField, TextField } from '../kit/fields';
import { cx, formatMoney } from '../ui';
import { EditableCartLines } from './EditableCartLines';
import { messagesAt, type DraftLine } from './phoneDraft';
import s from '../admin.module.css';

interface Props {
  lines: readonly DraftLine[];
  quote: CheckoutQuote | undefined;
  balance: number;
  onAmount: (key: string, delta: number) => void;
  coupon: string;
  onCoupon: (code: string) => void;
  spendBonus: number;
  onSpendBonus: (amount: number) => void;
}

function Totals({ quote }: { quote: CheckoutQuote }) {
  const rows: [string, number][] = [
    ['Товары', quote.goodsTotal],
    ...(quote.discountTotal > 0 ? [['Скидка', -quote.discountTotal] as [string, number]] : []),
    ...(quote.deliveryMethod === 'delivery' ? [['Доставка', quote.deliveryPrice] as [string, number]] : []),
    ...(quote.serviceFee > 0 ? [['Сервисный сбор', quote.serviceFee] as [string, number]] : []),
    ...(quote.bonusSpent > 0 ? [['Бонусы', -quote.bonusSpent] as [string, number]] : []),
  ];
  return (
    <dl className={s.panel} aria-label="Итого">
      {rows.map(([label, value]) => (
        <div key={label} className={s.listItem}>
          <dt>{label}</dt>
          <dd className={s.num}>{value < 0 ? `−${formatMoney(-value)}` : formatMoney(value)}</dd>
        </div>
      ))}
      <div className={s.listItem}>
        <dt>
          <strong>К оплате</strong>
        </dt>
        <dd className={s.num}>
          <strong data-testid="phone-total">{formatMoney(quote.total)}</strong>
        </dd>
      </div>
    </dl>
  );
}

export function PhoneCart({ lines, quote, balance, onAmount, coupon, onCoupon, spendBonus, onSpendBonus }: Props) {
  const [couponDraft, setCouponDraft] = useState(coupon);
  const [bonusDraft, setBonusDraft] = useState(spendBonus > 0 ? String(spendBonus) : '');
  const [bonusError, setBonusError] = useState<string | null>(null);
  const refusals = quote?.refusals ?? [];
  const gifts = quote?.lines.filter((l) => l.isGift) ?? [];
  const applyBonus = () => {
    const text = bonusDraft.trim();
    const n = text === '' ? 0 : Number(text);
    if (!Number.isInteger(n) || n < 0) {
      setBonusError('Целое число бонусов, не меньше нуля');
      return;
    }
    setBonusError(null);
    onSpendBonus(n);
  };
  return (
    <section aria-label="Корзина">
      <h3 className={s.subtitle}>Корзина</h3>
      {lines.length === 0 ? <p className={s.muted}>Добавьте блюда из меню.</p> : null}
      <ul className={s.list}>
        <EditableCartLines lines={lines} onAmount={onAmount} />
        {gifts.map((g) => (
          <li key={`gift-${g.productId}`} className={s.listItem}>
            {g.name} × {g.amount} — подарок
          </li>
        ))}
      </ul>
      {lines.length > 0 ? <FormError error={messagesAt(refusals, 'cart')} /> : null}
      <div className={s.grid2}>
        <div role="group" aria-label="Промокод клиента">
          <TextField
            label="Промокод"
            error={coupon !== '' ? messagesAt(refusals, 'coupon') : null}
            value={couponDraft}
            onChange={setCouponDraft}
            autoComplete="off"
          />
          <button type="button" className={cx(s.button, s.secondary)} onClick={() => onCoupon(couponDraft.trim())}>
            Применить промокод
          </button>
        </div>
        <div role="group" aria-label="Бонусы клиента">
          <NumberField
            label="Списать бонусов"
            hint={`На счёте ${balance}${quote ? `, в этом заказе можно до ${quote.bonusCap}` : ''}`}
            error={bonusError ?? messagesAt(refusals, 'bonus')}
            value={bonusDraft}
            onChange={setBonusDraft}
          />
          <button type="button" className={cx(s.button, s.secondary)} onClick={applyBonus}>
            Списать бонусы
          </button>
        </div>
      </div>
      {quote && lines.length > 0 ? <Totals quote={quote} /> : null}
    </section>
  );
}
