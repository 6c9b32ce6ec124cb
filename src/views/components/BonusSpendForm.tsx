// 'Списать бонусы': how many bonuses to spend, clamped to the balance and the cap the server
// allows. Shared by the cart and checkout; each page passes its own layout classes.
import { useEffect, useState, type FormEvent } from 'react';
import { formatNumber } from '../../domain/price';
import { useDispatch, useSelector } from '../app/store';
import ui from './ui.module.css';

export function BonusSpendForm({
  id,
  cap,
  classes,
}: {
  id: string;
  /** The most the server allows for this order (null: not known yet, the balance bounds it). */
  cap: number | null;
  classes: { form?: string; title?: string; note?: string; row?: string };
}) {
  const dispatch = useDispatch();
  const balance = useSelector((s) => s.user.profile?.balance ?? 0);
  const spend = useSelector((s) => s.cart.spendBonus);
  const [text, setText] = useState(spend > 0 ? String(spend) : '');
  useEffect(() => setText(spend > 0 ? String(spend) : ''), [spend]);
  const limit = Math.floor(Math.min(balance, cap ?? balance));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const amount = Math.max(0, Math.min(limit, Math.floor(Number(text) || 0)));
    dispatch({ type: 'ChangeSpendBonus', data: { amount } });
  };
  return (
    <form className={classes.form} onSubmit={submit}>
      <label className={classes.title} htmlFor={id}>
        Списать бонусы
      </label>
      <p className={classes.note}>
        На счёте {formatNumber(balance)} · можно списать до {formatNumber(limit)}
      </p>
      <div className={classes.row}>
        <input
          id={id}
          className={ui.input}
          inputMode="numeric"
          value={text}
          onChange={(e) => setText(e.target.value.replace(/[^\d]/g, ''))}
          disabled={limit <= 0}
        />
        <button type="submit" className={`${ui.button} ${ui.secondary} ${ui.small}`} disabled={limit <= 0}>
          Списать
        </button>
      </div>
    </form>
  );
}
