// Staff: one's own password for everyone; for administrators the staff accounts
// (create with a role, rename, change role, disable, set a new password) and their sessions
// (revoke one or all). The server keeps the last active administrator.
import { useState } from 'react';
import { adminListStaff } from '../../../api/contract/admin/auth';
import { STAFF_ROLE_NAMES } from '../../../api/contract/admin/common';
import { useAdminQuery, useCan, useSession } from '../data/hooks';
import { AddButton, AdminTable, OnOffBadge } from '../kit/lists';
import { PageHead, QueryView, formatDateTime } from '../ui';
import { MemberEditor } from './MemberEditor';
import { OwnPasswordForm } from './OwnPasswordForm';
import s from '../admin.module.css';

function StaffList() {
  const list = useAdminQuery(adminListStaff);
  const [editing, setEditing] = useState<string | null>(null);
  if (editing !== null) {
    const member = editing === 'new' ? null : list.data?.staff.find((m) => m.id === editing);
    if (member !== undefined)
      return (
        <MemberEditor
          key={editing}
          member={member}
          onDone={() => {
            setEditing(null);
            list.reload();
          }}
        />
      );
  }
  return (
    <>
      <AddButton label="Добавить сотрудника" onClick={() => setEditing('new')} />
      <QueryView query={list}>
        {(data) => (
          <AdminTable label="Сотрудники" belowButton columns={['Логин', 'Имя', 'Роль', 'Последний вход', 'Состояние']}>
            {data.staff.map((m) => (
              <tr key={m.id} className={s.rowLink} onClick={() => setEditing(m.id)}>
                <td>{m.login}</td>
                <td>{m.name}</td>
                <td>{STAFF_ROLE_NAMES[m.role]}</td>
                <td>{m.lastLoginAt ? formatDateTime(m.lastLoginAt) : '—'}</td>
                <td>
                  <OnOffBadge on={m.isActive} onText="активен" offText="отключён" />
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </QueryView>
    </>
  );
}

export default function StaffPage() {
  const canManage = useCan(adminListStaff);
  const session = useSession();
  return (
    <section>
      <PageHead title={canManage ? 'Сотрудники' : 'Мой пароль'} />
      <p className={s.muted}>
        Вы вошли как {session?.staff.login} ({session ? STAFF_ROLE_NAMES[session.staff.role] : ''}).
      </p>
      <OwnPasswordForm />
      {canManage ? <StaffList /> : null}
    </section>
  );
}
