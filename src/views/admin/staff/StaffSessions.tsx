// A staff member's sessions: when started and last seen, from where; one or all of them ended.
import { adminListStaffSessions, adminRevokeStaffSessions, type StaffMember } from '../../../api/contract/admin/auth';
import { useAdminAction, useAdminQuery } from '../data/hooks';
import { AdminTable } from '../kit/lists';
import { QueryView, cx, formatDateTime } from '../ui';
import s from '../admin.module.css';
import { ActionButton } from '../kit/ActionButton';

export function StaffSessions({ member }: { member: StaffMember }) {
  const sessions = useAdminQuery(adminListStaffSessions, { params: { id: member.id } });
  const action = useAdminAction();
  const revoke = async (sessionId: string | null) => {
    const result = await action.run(
      adminRevokeStaffSessions,
      { params: { id: member.id }, body: { sessionId } },
      { success: 'Сессии завершены' },
    );
    if (result.ok) sessions.reload();
  };
  return (
    <QueryView query={sessions}>
      {(data) => (
        <>
          <AdminTable label={`Сессии ${member.login}`} columns={['Начата', 'Последний запрос', 'IP, браузер', '']}>
            {data.sessions.map((x) => (
              <tr key={x.id}>
                <td>{formatDateTime(x.createdAt)}</td>
                <td>{formatDateTime(x.lastSeenAt)}</td>
                <td>
                  {x.ip}
                  <div className={s.muted}>{x.userAgent}</div>
                </td>
                <td>
                  {x.revokedAt ? (
                    <span className={s.muted}>завершена {formatDateTime(x.revokedAt)}</span>
                  ) : x.isCurrent ? (
                    <span className={cx(s.badge, s.badgeOk)}>эта сессия</span>
                  ) : (
                    <ActionButton look="secondary" pending={action.pending} run={() => revoke(x.id)}>
                      Завершить
                    </ActionButton>
                  )}
                </td>
              </tr>
            ))}
          </AdminTable>
          <button
            type="button"
            className={cx(s.button, s.danger)}
            style={{ marginTop: 8 }}
            disabled={action.pending}
            onClick={() => void revoke(null)}
          >
            Завершить все сессии
          </button>
        </>
      )}
    </QueryView>
  );
}
