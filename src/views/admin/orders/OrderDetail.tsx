// One order for the operator: customer, address or pickup restaurant, lines and totals, payment,
// the status log, and the actions: the next statuses the server allows (`nextStatuses`, along
// ORDER_STATUS_FLOW), cancellation with a reason (bonuses and coupon go back; money paid
// online is refunded or marked to refund) and a retry of a refund that did not go through.
// Re-reads itself when the order changes elsewhere. The call centre's screen opens it with `scope`
// 'phone' (its own read route); the controls its role may not use are hidden.
import { useState } from 'react';
import {
  adminCancelOrder,
  adminChangeOrderStatus,
  adminGetOrder,
  type AdminOrderDetail,
} from '../../../api/contract/admin/orders';
import type { OrderStatus } from '../../../api/contract/orders';
import { adminGetPhoneOrder, type PhoneOrderDetail } from '../../../api/contract/admin/phoneOrders';
import { useAdminAction, useAdminQuery, useCan } from '../data/hooks';
import { useOrderEvents, useRatingEvents } from '../data/liveOrders';
import type { Reference } from '../data/reference';
import { AmountRow, QueryView, cx, formatDateTime, formatMoney } from '../ui';
import { CancelDialog } from './CancelDialog';
import { CourierAssign } from './CourierAssign';
import { StatusBadge } from './StatusBadge';
import { RefundRetry } from './RefundRetry';
import { OrderRatingView } from './LowRatings';
import { isRateableStatus } from '../../../domain/rating';
import {
  addressLine,
  PAYMENT_METHOD_LABEL,
  paymentStatusLabel,
  REFUND_LABEL,
  STATUS_ACTION,
  STATUS_LABEL,
} from './labels';
import { PhoneMark } from '../phone/PhoneMark';
import { EDITABLE_ORDER_STATUSES } from '../../../api/contract/admin/orderEdits';
import { isOnline } from '../../../domain/payment';
import { OrderEditForm } from './OrderEditForm';
import { OrderEdits } from './OrderEdits';
import { SurchargeLabel } from './SurchargeLabel';
import s from '../admin.module.css';
import { ActionButton } from '../kit/ActionButton';

/** Who moved the order: 'staff:<id>' → 'сотрудник', 'customer' → 'клиент', … */
export function actorText(actor: string): string {
  if (actor.startsWith('staff:')) return 'сотрудник';
  const known: Record<string, string> = { customer: 'клиент', system: 'система', iiko: 'iiko', payment: 'оплата' };
  return known[actor] ?? actor;
}

/** Whether «Изменить» is offered: not cooking yet, and not waiting for an online payment (docs/ORDER-EDITING.md). */
export function isEditable(order: Pick<AdminOrderDetail, 'status' | 'paymentMethod' | 'paymentStatus'>): boolean {
  return (
    (EDITABLE_ORDER_STATUSES as readonly string[]).includes(order.status) &&
    (!isOnline(order.paymentMethod) || order.paymentStatus === 'paid')
  );
}

function addressText(order: AdminOrderDetail): string {
  return order.address === null ? '—' : addressLine(order.address);
}

/** The city and restaurant names: the call centre's read carries them, others look them up in the lists. */
function placeNames(order: AdminOrderDetail | PhoneOrderDetail, reference: Reference) {
  if ('cityName' in order)
    return { city: order.cityName ?? order.cityId, restaurant: order.restaurantName ?? order.deliveryTerminalId };
  if (reference.cities.length === 0) return null;
  return { city: reference.cityName(order.cityId), restaurant: reference.restaurantName(order.deliveryTerminalId) };
}

/** Where the order goes or is picked up, then its city and restaurant. */
function OrderPlace({ order, reference }: { order: AdminOrderDetail | PhoneOrderDetail; reference: Reference }) {
  const names = placeNames(order, reference);
  return (
    <p>
      {order.deliveryMethod === 'delivery' ? (
        <>Доставка: {addressText(order)}</>
      ) : (
        <>Самовывоз: {names?.restaurant ?? order.deliveryTerminalId}</>
      )}
      {names ? (
        <>
          <br />
          <span className={s.muted}>
            {names.city}, ресторан {names.restaurant}
          </span>
        </>
      ) : null}
    </p>
  );
}

export function OrderDetail({
  orderId,
  reference,
  onClose,
  onChanged,
  scope = 'all',
}: {
  orderId: string;
  reference: Reference;
  onClose: () => void;
  onChanged: () => void;
  /** 'phone': read through the call centre's route, which answers phone orders only. */
  scope?: 'all' | 'phone';
}) {
  const query = useAdminQuery(scope === 'phone' ? adminGetPhoneOrder : adminGetOrder, { params: { id: orderId } });
  const canMove = useCan(adminChangeOrderStatus);
  const action = useAdminAction();
  const [cancelling, setCancelling] = useState(false);
  const [editing, setEditing] = useState(false);
  useOrderEvents((event) => {
    if (event.orderId === orderId) query.reload();
  });
  useRatingEvents((event) => {
    if (event.orderId === orderId) query.reload();
  });

  const move = async (status: OrderStatus) => {
    const result = await action.run(
      adminChangeOrderStatus,
      { params: { id: orderId }, body: { status } },
      { success: `Статус заказа: ${STATUS_LABEL[status]}` },
    );
    if (result.ok) {
      query.replace(() => result.value);
      onChanged();
    }
  };
  const cancel = async (reason: string) => {
    const result = await action.run(
      adminCancelOrder,
      { params: { id: orderId }, body: { reason } },
      { success: 'Заказ отменён' },
    );
    if (result.ok) {
      setCancelling(false);
      query.replace(() => result.value);
      onChanged();
    }
  };

  return (
    <aside className={s.panel} aria-label="Заказ">
      <QueryView query={query}>
        {(order) => (
          <>
            <div className={s.pageHead}>
              <h2 className={s.title}>
                Заказ №{order.number} <PhoneMark order={order} withTaker />
              </h2>
              <button
                type="button"
                className={cx(s.button, s.secondary)}
                onClick={onClose}
                aria-label="Закрыть карточку заказа"
              >
                ×
              </button>
            </div>
            <p>
              <StatusBadge status={order.status} />{' '}
              <span className={s.muted}>создан {formatDateTime(order.createdAt)}</span>
            </p>
            {canMove && order.status !== 'Closed' && order.status !== 'Cancelled' ? (
              <div className={s.actions} role="group" aria-label="Смена статуса">
                {order.nextStatuses
                  .filter((st) => st !== 'Cancelled')
                  .map((st) => (
                    <ActionButton key={st} pending={action.pending} run={() => move(st)}>
                      {STATUS_ACTION[st]}
                    </ActionButton>
                  ))}
                <button
                  type="button"
                  className={cx(s.button, s.danger)}
                  disabled={action.pending}
                  onClick={() => setCancelling(true)}
                >
                  Отменить заказ
                </button>
              </div>
            ) : null}
            {isEditable(order) && !editing ? (
              <div className={s.actions}>
                <button
                  type="button"
                  className={cx(s.button, s.secondary)}
                  disabled={action.pending}
                  onClick={() => setEditing(true)}
                >
                  Изменить
                </button>
              </div>
            ) : null}
            {editing && isEditable(order) ? (
              <OrderEditForm
                order={order}
                onClose={() => setEditing(false)}
                onSaved={(updated) => {
                  setEditing(false);
                  // the call centre's read names the city and restaurant (an edit may move the restaurant)
                  if (scope === 'phone') query.reload();
                  else query.replace(() => updated);
                  onChanged();
                }}
              />
            ) : null}
            {order.cancellation ? (
              <div className={s.warning}>
                Отменён {formatDateTime(order.cancellation.at)}: {order.cancellation.reason}. Оплата:{' '}
                {REFUND_LABEL[order.cancellation.refund]}
                {order.cancellation.refundError ? ` (${order.cancellation.refundError})` : ''}
                <RefundRetry
                  order={order}
                  onRefunded={(updated) => {
                    query.replace(() => updated);
                    onChanged();
                  }}
                  onRefused={query.reload}
                />
              </div>
            ) : null}
            {isRateableStatus(order.status) || order.rating ? <OrderRatingView rating={order.rating} /> : null}
            <h3 className={s.subtitle}>Клиент</h3>
            <p>
              {order.customer.name || 'Без имени'},{' '}
              {order.customer.phone ? (
                <a href={`tel:${order.customer.phone}`}>{order.customer.phone}</a>
              ) : (
                'телефон удалён'
              )}
            </p>
            <OrderPlace order={order} reference={reference} />
            <CourierAssign
              order={order}
              onAssigned={(updated) => {
                query.replace(() => updated);
                onChanged();
              }}
            />
            <p>
              Время: {order.deliveryTime === 'asap' ? 'как можно скорее' : formatDateTime(order.deliveryTime)}. Персон:{' '}
              {order.persons}.
            </p>
            <p>
              Оплата: {PAYMENT_METHOD_LABEL[order.paymentMethod]}, {paymentStatusLabel(order)}
              {order.changeFrom ? `, сдача с ${formatMoney(order.changeFrom)}` : ''} <SurchargeLabel order={order} />
            </p>
            {order.address?.comment || order.comment ? (
              <p>Комментарий: {[order.comment, order.address?.comment].filter(Boolean).join('; ')}</p>
            ) : null}
            <h3 className={s.subtitle}>Состав</h3>
            <table className={s.table}>
              <tbody>
                {order.items.map((line, i) => (
                  <tr key={`${line.productId}-${i}`}>
                    <td>
                      {line.name}
                      {line.isGift ? <span className={cx(s.badge, s.badgeOk)}> подарок</span> : null}
                      {line.mods.length > 0 ? (
                        <div className={s.muted}>
                          {line.mods.map((m) => `${m.name}${m.amount > 1 ? ` ×${m.amount}` : ''}`).join(', ')}
                        </div>
                      ) : null}
                    </td>
                    <td className={s.num}>×{line.amount}</td>
                    <td className={s.num}>{formatMoney(line.sum)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <dl className={s.grid2}>
              <AmountRow term="Товары">{formatMoney(order.goodsTotal)}</AmountRow>
              {order.discountTotal > 0 ? (
                <AmountRow term={<>Скидка{order.coupon ? ` (${order.coupon})` : ''}</>}>
                  −{formatMoney(order.discountTotal)}
                </AmountRow>
              ) : null}
              <AmountRow term="Доставка">{formatMoney(order.deliveryPrice)}</AmountRow>
              {order.serviceFee > 0 ? (
                <AmountRow term="Сервисный сбор">{formatMoney(order.serviceFee)}</AmountRow>
              ) : null}
              {order.bonusSpent > 0 ? <AmountRow term="Бонусами">−{formatMoney(order.bonusSpent)}</AmountRow> : null}
              <AmountRow term={<strong>Итого</strong>}>
                <strong>{formatMoney(order.total)}</strong>
              </AmountRow>
            </dl>
            <OrderEdits orderId={order.id} version={order.updatedAt} />
            <h3 className={s.subtitle}>История статусов</h3>
            <ul className={s.list}>
              {order.statusLog.map((entry, i) => (
                <li key={i} className={s.listItem}>
                  <span>{STATUS_LABEL[entry.status]}</span>
                  <span className={s.muted}>
                    {formatDateTime(entry.at)} · {actorText(entry.actor)}
                  </span>
                </li>
              ))}
            </ul>
            {cancelling ? (
              <CancelDialog
                pending={action.pending}
                onCancel={(reason) => void cancel(reason)}
                onClose={() => setCancelling(false)}
              />
            ) : null}
          </>
        )}
      </QueryView>
    </aside>
  );
}
