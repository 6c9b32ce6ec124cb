// «Изменить заказ» (docs/ORDER-EDITING.md): the order's lines in the phone order's cart builder
// (its menu, its +/− and modifier choice), the address, time, payment and comment; the server's
// quote of the change (never summed here) with its refusals, then «Сохранить изменения». A refusal
// is shown in the form, which keeps what the operator typed.
import { useMemo, useState } from 'react';
import { adminEditOrder, adminOrderEditQuote, type OrderEditChanges } from '../../../api/contract/admin/orderEdits';
import type { AdminOrderDetail } from '../../../api/contract/admin/orders';
import { adminPhoneMenu } from '../../../api/contract/admin/phoneOrders';
import type { OrderAddress, OrderLine, PaymentMethod } from '../../../api/contract/orders';
import { failureMessage } from '../../../api/adminApi';
import { stoppedProductIds } from '../../../domain/catalog';
import { isOnline } from '../../../domain/payment';
import { useAdminServices } from '../data/context';
import { useAdminQuery } from '../data/hooks';
import { FormError, SelectField } from '../kit/fields';
import { addressFieldsOf, typedAddress, type AddressFields } from '../../components/addressFields';
import { EditableCartLines } from '../phone/EditableCartLines';
import { AddressFieldsGrid, ChangeAndComment, DeliveryTimeSelect } from '../phone/FulfilmentFields';
import { PhoneMenu } from '../phone/PhoneMenu';
import { addLine, changeAmount, itemsOf, messagesAt, type DraftLine } from '../phone/phoneDraft';
import { AmountRow, cx, formatMoney, QueryView } from '../ui';
import { PAYMENT_METHOD_LABEL } from './labels';
import s from '../admin.module.css';

/** A fresh key per edit being made (crypto.getRandomValues works on plain http too). */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A line the cart builder cannot hold: a half-and-half pizza, or a modifier taken more than once. */
const isKeptAsIs = (line: OrderLine): boolean => line.halfPizza !== undefined || line.mods.some((m) => m.amount > 1);

/** The order's own lines (gifts are the server's to grant) as the cart builder's lines. */
export function draftLinesOf(order: Pick<AdminOrderDetail, 'items'>): DraftLine[] {
  let lines: DraftLine[] = [];
  for (const line of order.items) {
    if (line.isGift || isKeptAsIs(line)) continue;
    const mods = line.mods.map((m) => ({ id: m.id, groupId: m.groupId, name: m.name }));
    for (let i = 0; i < line.amount; i += 1) lines = addLine(lines, line.productId, line.name, mods);
  }
  return lines;
}

/** The order's lines the cart builder cannot hold, keyed for their − / +. */
const keptLinesOf = (order: Pick<AdminOrderDetail, 'items'>) =>
  order.items.filter((l) => !l.isGift && isKeptAsIs(l)).map((l, i) => ({ ...l, key: `kept-${i}` }));

/** The lines kept as they are (only their amount changes), as the request's items. */
export function keptItemsOf(lines: readonly OrderLine[]): OrderEditChanges['items'] {
  return lines.map((line) => ({
    productId: line.productId,
    amount: line.amount,
    isGift: false,
    ...(line.halfPizza
      ? {
          mods: [],
          halfPizza: {
            sizeId: line.halfPizza.sizeId,
            productIds: [line.halfPizza.halves[0].productId, line.halfPizza.halves[1].productId],
          },
        }
      : { mods: line.mods.map((m) => ({ id: m.id, amount: m.amount, groupId: m.groupId })) }),
  }));
}

/** The address to send: the stored one's map point is kept while its street and house are unchanged. */
function addressOf(original: OrderAddress | null, f: AddressFields): OrderAddress {
  const sameStreet = original !== null && original.street === f.street.trim() && original.home === f.home.trim();
  return typedAddress(f, original?.city ?? '', sameStreet ? original.location : null);
}

const OFFLINE: readonly PaymentMethod[] = ['cash', 'courier-card'];

export function OrderEditForm({
  order,
  onSaved,
  onClose,
}: {
  order: AdminOrderDetail;
  onSaved: (order: AdminOrderDetail) => void;
  onClose: () => void;
}) {
  const { api, toasts } = useAdminServices();
  const menu = useAdminQuery(adminPhoneMenu);
  const [lines, setLines] = useState<DraftLine[]>(() => draftLinesOf(order));
  const [kept, setKept] = useState(() => keptLinesOf(order));
  const [address, setAddress] = useState<AddressFields>(() => addressFieldsOf(order.address));
  const [time, setTime] = useState<string>(order.deliveryTime);
  const [payment, setPayment] = useState<PaymentMethod>(order.paymentMethod);
  const [changeFrom, setChangeFrom] = useState(order.changeFrom === null ? '' : String(order.changeFrom));
  const [comment, setComment] = useState(order.comment);
  const [key] = useState(newKey);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  const change = Number(changeFrom.trim());
  const changes: OrderEditChanges = {
    items: [...itemsOf(lines).map((item) => ({ ...item, isGift: false })), ...keptItemsOf(kept)],
    address: order.deliveryMethod === 'delivery' ? addressOf(order.address, address) : null,
    deliveryTime: time,
    paymentMethod: payment,
    changeFrom: payment === 'cash' && changeFrom.trim() !== '' && Number.isInteger(change) ? change : null,
    comment: comment.trim(),
    expectedTotal: null,
  };
  const quote = useAdminQuery(
    adminOrderEditQuote,
    { params: { id: order.id }, body: { changes } },
    { enabled: changes.items.length > 0 },
  );
  const q = quote.data?.quote;
  const refusals = q?.refusals ?? [];
  const terminal = q?.restaurant?.deliveryTerminalId ?? order.deliveryTerminalId;
  const stopped = useMemo(
    () => new Set(menu.data ? stoppedProductIds(menu.data.catalog.stopList, terminal) : []),
    [menu.data, terminal],
  );
  const edit = (fn: () => void) => {
    setSaveError(null);
    fn();
  };
  const setField = (name: keyof AddressFields, value: string) =>
    edit(() => setAddress((a) => ({ ...a, [name]: value })));

  const save = async () => {
    if (saving) return;
    setSaving(true);
    try {
      const saved = await api.call(adminEditOrder, {
        params: { id: order.id },
        body: {
          basedOn: order.updatedAt,
          idempotencyKey: key,
          changes: { ...changes, expectedTotal: q?.total ?? null },
        },
      });
      toasts.push('success', `Заказ №${saved.number} изменён`);
      onSaved(saved);
    } catch (error) {
      const message = failureMessage(error);
      setSaveError(message);
      toasts.push('error', message);
      quote.reload();
    } finally {
      setSaving(false);
    }
  };

  const payments = isOnline(order.paymentMethod) ? [order.paymentMethod] : OFFLINE;
  const money = quote.data;
  return (
    <section className={s.panel} aria-label="Изменение заказа">
      <h3 className={s.subtitle}>Изменение заказа №{order.number}</h3>
      <QueryView query={menu}>
        {(data) => (
          <details>
            <summary>Добавить из меню</summary>
            <PhoneMenu
              catalog={data.catalog}
              stopped={stopped}
              onAdd={(product, mods) => edit(() => setLines((l) => addLine(l, product.id, product.name, mods)))}
            />
          </details>
        )}
      </QueryView>
      <ul className={s.list} aria-label="Состав после изменения">
        <EditableCartLines
          lines={[...lines, ...kept]}
          onAmount={(key, delta) =>
            edit(() => {
              // the key is either a builder line's or a kept line's (`kept-…`); the other list keeps its lines
              setLines((all) => changeAmount(all, key, delta));
              setKept((all) => changeAmount(all, key, delta));
            })
          }
        />
      </ul>
      {changes.items.length === 0 ? (
        <p className={s.fieldError}>В заказе должна остаться хотя бы одна позиция</p>
      ) : null}
      <FormError error={messagesAt(refusals, 'cart')} />
      {order.deliveryMethod === 'delivery' ? (
        <AddressFieldsGrid label="Адрес доставки" value={address} onChange={setField} withComment />
      ) : null}
      <FormError error={messagesAt(refusals, 'address')} />
      {q?.zone ? <p className={s.muted}>Зона «{q.zone.name}»</p> : null}
      <DeliveryTimeSelect
        value={time}
        days={q?.slots.days ?? []}
        error={messagesAt(refusals, 'time')}
        onChange={(v) => edit(() => setTime(v))}
      >
        {order.deliveryTime !== 'asap' &&
        !(q?.slots.days ?? []).some((d) => d.slots.some((x) => x.start === order.deliveryTime)) ? (
          <option value={order.deliveryTime}>Как в заказе</option>
        ) : null}
      </DeliveryTimeSelect>
      <SelectField
        label="Оплата"
        value={payment}
        error={messagesAt(refusals, 'payment')}
        onChange={(v) => edit(() => setPayment(payments.find((p) => p === v) ?? payment))}
        options={payments.map((p) => ({ value: p, label: PAYMENT_METHOD_LABEL[p] }))}
      />
      <ChangeAndComment
        cash={payment === 'cash'}
        changeFrom={changeFrom}
        onChangeFrom={(v) => edit(() => setChangeFrom(v))}
        comment={comment}
        onComment={(v) => edit(() => setComment(v))}
      />
      <FormError
        error={[messagesAt(refusals, 'general'), messagesAt(refusals, 'coupon'), messagesAt(refusals, 'bonus')]
          .filter(Boolean)
          .join('. ')}
      />
      {q && money ? (
        <dl className={s.grid2} aria-label="Итого после изменения">
          <AmountRow term="Товары">{formatMoney(q.goodsTotal)}</AmountRow>
          {q.discountTotal > 0 ? <AmountRow term="Скидка">−{formatMoney(q.discountTotal)}</AmountRow> : null}
          {order.deliveryMethod === 'delivery' ? (
            <AmountRow term="Доставка">{formatMoney(q.deliveryPrice)}</AmountRow>
          ) : null}
          {q.serviceFee > 0 ? <AmountRow term="Сервисный сбор">{formatMoney(q.serviceFee)}</AmountRow> : null}
          {q.bonusSpent > 0 ? <AmountRow term="Бонусами">−{formatMoney(q.bonusSpent)}</AmountRow> : null}
          <AmountRow term={<strong>Было</strong>}>{formatMoney(money.totalBefore)}</AmountRow>
          <AmountRow term={<strong>Станет</strong>}>
            <strong data-testid="edit-total">{formatMoney(q.total)}</strong>
          </AmountRow>
          {money.money === 'refund' ? (
            <AmountRow term="Вернём клиенту на карту">{formatMoney(money.moneyAmount)}</AmountRow>
          ) : null}
          {money.money === 'surcharge' ? (
            <AmountRow term="Клиент доплатит онлайн">{formatMoney(money.moneyAmount)}</AmountRow>
          ) : null}
        </dl>
      ) : null}
      <FormError error={saveError} />
      <div className={s.actions}>
        <button
          type="button"
          className={s.button}
          disabled={saving || changes.items.length === 0 || !q?.canSubmit}
          onClick={() => void save()}
        >
          Сохранить изменения
        </button>
        <button type="button" className={cx(s.button, s.secondary)} onClick={onClose}>
          Не менять
        </button>
      </div>
    </section>
  );
}
