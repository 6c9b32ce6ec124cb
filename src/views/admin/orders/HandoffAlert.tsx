// Orders iiko refused ('не передан на кухню') on the live orders screen: a banner listing them
// with iiko's reason, «Отправить снова» and a link to the integration page, and the ids for a
// marker on their rows. Re-read on every staff WebSocket event: a failed hand-off and its retry
// arrive as 'order:updated' (migration 0108). Silent when the POS is the embedded one.
import { Link } from 'wouter';
import { adminIntegration, adminRetryHandoff, type IntegrationHandoff } from '../../../api/contract/admin/integration';
import { formatCount } from '../../../domain/plural';
import { useAdminAction, useAdminQuery } from '../data/hooks';
import { useOrderEvents } from '../data/liveOrders';
import s from '../admin.module.css';
import { ActionButton } from '../kit/ActionButton';

export const NOT_HANDED_OFF = 'не передан на кухню';

/** The orders iiko refused, kept fresh by the staff WebSocket. */
export function useFailedHandoffs(): { failed: readonly IntegrationHandoff[]; reload: () => void } {
  const query = useAdminQuery(adminIntegration);
  useOrderEvents(() => query.reload());
  return { failed: query.data?.failed ?? [], reload: query.reload };
}

export function HandoffAlert({ failed, onRetried }: { failed: readonly IntegrationHandoff[]; onRetried: () => void }) {
  const action = useAdminAction();
  if (failed.length === 0) return null;
  const retry = async (orderId: string) => {
    await action.run(adminRetryHandoff, { params: { orderId } }, { success: 'Заказ снова отправлен на кухню' });
    onRetried();
  };
  return (
    <div className={s.warning} role="alert" aria-label="Заказы не переданы на кухню">
      <p>
        <strong>
          {formatCount(failed.length, ['заказ', 'заказа', 'заказов'])}{' '}
          {failed.length === 1 ? NOT_HANDED_OFF : 'не переданы на кухню'}
        </strong>{' '}
        — <Link href="~/admin/integration">Интеграция с кассой</Link>
      </p>
      <ul className={s.list}>
        {failed.map((h) => (
          <li key={h.orderId} className={s.listItem}>
            <Link href={`/${h.orderId}`}>Заказ №{h.number}</Link>
            {h.lastError ? <span>: {h.lastError}</span> : null}{' '}
            <ActionButton pending={action.pending} run={() => retry(h.orderId)}>
              Отправить снова
            </ActionButton>
          </li>
        ))}
      </ul>
    </div>
  );
}
