// The order's edits (docs/ORDER-EDITING.md) on its card: when, who, the total before and after,
// what changed, and what became of the refund of the difference of an order paid online.
import { useEffect, useRef } from 'react';
import { adminOrderEdits, type OrderEdit, type OrderEditSnapshot } from '../../../api/contract/admin/orderEdits';
import { useAdminQuery } from '../data/hooks';
import { formatDateTime, formatMoney } from '../ui';
import { addressLine, PAYMENT_METHOD_LABEL } from './labels';
import s from '../admin.module.css';

const linesText = (snapshot: OrderEditSnapshot) =>
  snapshot.items
    .filter((l) => !l.isGift)
    .map((l) => `${l.name} ×${l.amount}`)
    .join(', ');

const timeText = (t: string) => (t === 'asap' ? 'как можно скорее' : formatDateTime(t));

/** What an edit changed, one «было → стало» per part. */
export function editChanges(edit: Pick<OrderEdit, 'before' | 'after'>): string[] {
  const { before, after } = edit;
  const parts: string[] = [];
  const diff = (label: string, a: string, b: string) => {
    if (a !== b) parts.push(`${label}: ${a || '—'} → ${b || '—'}`);
  };
  diff('Состав', linesText(before), linesText(after));
  diff('Адрес', before.address ? addressLine(before.address) : '', after.address ? addressLine(after.address) : '');
  diff('Время', timeText(before.deliveryTime), timeText(after.deliveryTime));
  diff('Оплата', PAYMENT_METHOD_LABEL[before.paymentMethod], PAYMENT_METHOD_LABEL[after.paymentMethod]);
  diff('Комментарий', before.comment, after.comment);
  return parts;
}

const REFUND_TEXT: Readonly<Record<OrderEdit['refund'], string>> = {
  'not-needed': '',
  required: 'возврат разницы ожидается',
  started: 'возврат разницы выполняется',
  done: 'разница возвращена',
  failed: 'возврат разницы не прошёл',
};

export function OrderEdits({ orderId, version }: { orderId: string; version: string }) {
  const query = useAdminQuery(adminOrderEdits, { params: { id: orderId } });
  const { reload } = query;
  const seen = useRef(version);
  // the order changed (an edit, here or elsewhere): its edits may have too
  useEffect(() => {
    if (seen.current === version) return;
    seen.current = version;
    reload();
  }, [version, reload]);
  const edits = query.data?.edits ?? [];
  if (edits.length === 0) return null;
  return (
    <>
      <h3 className={s.subtitle}>Изменения заказа</h3>
      <ul className={s.list} aria-label="Изменения заказа">
        {edits.map((e) => (
          <li key={e.id} className={s.listItem}>
            <span>
              {formatDateTime(e.at)} · {e.staffLogin}: итого {formatMoney(e.totalBefore)} → {formatMoney(e.totalAfter)}
              {e.refund !== 'not-needed' ? `, ${REFUND_TEXT[e.refund]} (${formatMoney(e.refundAmount)})` : ''}
              {e.refundError ? ` — ${e.refundError}` : ''}
              {editChanges(e).map((line) => (
                <span key={line} className={s.muted} style={{ display: 'block' }}>
                  {line}
                </span>
              ))}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
