// /admin/integration: the chain's POS (docs/IIKO.md). Which adapter runs and for which
// organization, the last menu revision and its import, the last stop-list refresh, the hand-off
// queue, orders not handed off ('не передан на кухню') with the POS's reason and a retry,
// terminal groups with their liveness and mapping to restaurants, and recent errors.
import {
  adminIntegration,
  adminMapTerminal,
  adminRetryHandoff,
  adminSyncNow,
  type IntegrationHandoff,
  type IntegrationOverview,
} from '../../../api/contract/admin/integration';
import { useAdminAction, useAdminQuery, useCan } from '../data/hooks';
import { cx, formatDateTime, PageHead, QueryView } from '../ui';
import s from '../admin.module.css';
import { ActionButton } from '../kit/ActionButton';

const AREA_NAMES: Record<string, string> = {
  auth: 'вход в iiko',
  terminals: 'терминалы',
  menu: 'меню',
  'stop-lists': 'стоп-листы',
  handoff: 'передача заказов',
  status: 'статусы',
  webhook: 'вебхук',
};

const when = (iso: string | null) => (iso === null ? 'ещё не было' : formatDateTime(iso));

export default function IntegrationPage() {
  const query = useAdminQuery(adminIntegration);
  const action = useAdminAction();
  const canMap = useCan(adminMapTerminal);
  const sync = async () => {
    await action.run(adminSyncNow, {}, { success: 'Данные из кассы обновлены' });
    query.reload();
  };
  const retry = async (orderId: string) => {
    await action.run(adminRetryHandoff, { params: { orderId } }, { success: 'Заказ снова отправлен на кухню' });
    query.reload();
  };
  const map = async (id: string, deliveryTerminalId: string) => {
    await action.run(
      adminMapTerminal,
      { params: { id }, body: { deliveryTerminalId: deliveryTerminalId === '' ? null : deliveryTerminalId } },
      { success: 'Сопоставление сохранено' },
    );
    query.reload();
  };
  return (
    <>
      <PageHead title="Интеграция с кассой">
        <button type="button" className={cx(s.button, s.secondary)} onClick={query.reload}>
          Обновить
        </button>
        <ActionButton pending={action.pending} run={sync}>
          Загрузить из кассы сейчас
        </ActionButton>
      </PageHead>
      <QueryView query={query}>
        {(data) => (
          <>
            <Summary data={data} />
            <Handoffs
              title="Не переданы на кухню"
              empty="Все заказы переданы."
              rows={data.failed}
              onRetry={(id) => void retry(id)}
              pending={action.pending}
            />
            {data.delayed.length > 0 ? (
              <Handoffs title="Передача задерживается (касса не отвечает)" empty="" rows={data.delayed} pending />
            ) : null}
            <section className={s.panel}>
              <h2 className={s.subtitle}>Терминальные группы</h2>
              {data.terminals.length === 0 ? (
                <p className={s.empty}>Касса не подключена или терминалы ещё не загружены.</p>
              ) : (
                <div className={s.scrollX}>
                  <table className={s.table}>
                    <thead>
                      <tr>
                        <th>Терминал</th>
                        <th>Связь</th>
                        <th>Ресторан</th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.terminals.map((t) => (
                        <tr key={t.id}>
                          <td>
                            {t.name}
                            <br />
                            <span className={s.muted}>{t.address}</span>
                          </td>
                          <td>
                            <span className={cx(s.badge, t.isAlive === false ? s.badgeBad : s.badgeOk)}>
                              {t.isAlive === false
                                ? 'не в сети: ресторан не принимает заказы'
                                : t.isAlive
                                  ? 'в сети'
                                  : 'неизвестно'}
                            </span>
                            <br />
                            <span className={s.muted}>проверено: {when(t.checkedAt)}</span>
                          </td>
                          <td>
                            <select
                              className={s.select}
                              aria-label={`Ресторан терминала ${t.name}`}
                              value={t.deliveryTerminalId ?? ''}
                              disabled={!canMap || action.pending}
                              onChange={(e) => void map(t.id, e.target.value)}
                            >
                              <option value="">не сопоставлен</option>
                              {data.restaurants.map((r) => (
                                <option key={r.deliveryTerminalId} value={r.deliveryTerminalId}>
                                  {r.name}
                                </option>
                              ))}
                            </select>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </section>
            <section className={s.panel}>
              <h2 className={s.subtitle}>Последние ошибки</h2>
              {data.errors.length === 0 ? (
                <p className={s.empty}>Ошибок нет.</p>
              ) : (
                <ul className={s.list}>
                  {data.errors.map((e, i) => (
                    <li key={`${e.at}-${i}`} className={s.listItem}>
                      <span className={s.muted}>
                        {formatDateTime(e.at)}, {AREA_NAMES[e.area] ?? e.area}:
                      </span>{' '}
                      {e.message}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </QueryView>
    </>
  );
}

function Summary({ data }: { data: IntegrationOverview }) {
  return (
    <section className={s.panel}>
      <h2 className={s.subtitle}>Состояние</h2>
      <dl className={s.grid}>
        <dt>Источник меню и заказов</dt>
        <dd>
          {data.adapter === 'iiko'
            ? `iiko Cloud, организация ${data.organizationIds.join(', ')}`
            : 'встроенная база (меню и стоп-листы правятся здесь, в панели)'}
        </dd>
        {data.adapter === 'iiko' ? (
          <>
            <dt>Статусы заказов</dt>
            <dd>{data.webhook ? 'вебхук iiko' : 'опрос iiko (вебхук не настроен)'}</dd>
          </>
        ) : null}
        {data.menu.map((m) => (
          <div key={m.organizationId} style={{ display: 'contents' }}>
            <dt>Меню (ревизия)</dt>
            <dd>
              {m.revision}, загружено: {when(m.importedAt)}, проверено: {when(m.checkedAt)}
            </dd>
          </div>
        ))}
        <dt>Стоп-листы обновлены</dt>
        <dd>{when(data.stopListsRefreshedAt)}</dd>
        <dt>Очередь передачи на кухню</dt>
        <dd>{data.queueLength}</dd>
      </dl>
    </section>
  );
}

function Handoffs({
  title,
  empty,
  rows,
  onRetry,
  pending,
}: {
  title: string;
  empty: string;
  rows: IntegrationHandoff[];
  onRetry?: (orderId: string) => void;
  pending: boolean;
}) {
  return (
    <section className={s.panel}>
      <h2 className={s.subtitle}>{title}</h2>
      {rows.length === 0 ? (
        <p className={s.empty}>{empty}</p>
      ) : (
        <ul className={s.list}>
          {rows.map((r) => (
            <li key={r.orderId} className={s.listItem}>
              <strong>Заказ №{r.number}</strong> <span className={cx(s.badge, s.badgeBad)}>не передан на кухню</span>{' '}
              <span className={s.muted}>
                {formatDateTime(r.createdAt)}, попыток: {r.attempts}
              </span>
              {r.lastError ? <p>Причина: {r.lastError}</p> : null}
              {onRetry ? (
                <button type="button" className={s.button} disabled={pending} onClick={() => onRetry(r.orderId)}>
                  Отправить снова
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
