// «Повторить возврат» for a cancelled order whose money paid online has not come back (the
// provider refused or was unreachable, or the refund is still due). Money leaves the shop, so
// it asks first, like the cancellation itself. A refusal comes back as the server's Russian
// message in a toast; the panel re-reads the order either way to show the new refund state.
import { useState } from 'react';
import { adminRetryRefund, type AdminOrderDetail } from '../../../api/contract/admin/orders';
import { useAdminAction } from '../data/hooks';
import { AdminDialog, cx, formatMoney } from '../ui';
import { REFUND_RETRY_ACTION } from './labels';
import s from '../admin.module.css';
import { ActionButton } from '../kit/ActionButton';

/** Whether the order's refund may be retried: cancelled, with the refund failed or still due. */
export function canRetryRefund(order: Pick<AdminOrderDetail, 'status' | 'cancellation'>): boolean {
  const refund = order.cancellation?.refund;
  return order.status === 'Cancelled' && (refund === 'failed' || refund === 'required');
}

export function RefundRetry({
  order,
  onRefunded,
  onRefused,
}: {
  order: AdminOrderDetail;
  onRefunded: (updated: AdminOrderDetail) => void;
  onRefused: () => void;
}) {
  const action = useAdminAction();
  const [confirming, setConfirming] = useState(false);
  const retry = async () => {
    const result = await action.run(adminRetryRefund, { params: { id: order.id } }, { success: 'Деньги возвращены' });
    setConfirming(false);
    if (result.ok) onRefunded(result.value);
    else onRefused();
  };
  if (!canRetryRefund(order)) return null;
  return (
    <div className={s.actions}>
      <button type="button" className={s.button} disabled={action.pending} onClick={() => setConfirming(true)}>
        {REFUND_RETRY_ACTION}
      </button>
      {confirming ? (
        <AdminDialog title="Повторить возврат денег?" onClose={() => setConfirming(false)}>
          <p>Провайдеру оплаты снова уйдёт запрос вернуть клиенту {formatMoney(order.total)}.</p>
          <div className={s.actions}>
            <ActionButton look="danger" pending={action.pending} run={retry}>
              Вернуть деньги
            </ActionButton>
            <button type="button" className={cx(s.button, s.secondary)} onClick={() => setConfirming(false)}>
              Не сейчас
            </button>
          </div>
        </AdminDialog>
      ) : null}
    </div>
  );
}
