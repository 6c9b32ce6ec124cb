// Staff: one's own password for everyone; for administrators the staff accounts
// (create with a role, rename, change role, disable, set a new password) and their sessions
// (revoke one or all). The server keeps the last active administrator.
import { useState, type FormEvent } from 'react';
import {
  adminChangeOwnPassword,
  adminCreateStaff,
  adminListStaff,
  adminListStaffSessions,
  adminRevokeStaffSessions,
  adminUpdateStaff,
  type StaffMember,
} from '../../../api/contract/admin/auth';
import { useAdminAction, useAdminQuery, useCan, useSession } from '../data/hooks';
import { Field, PageHead, QueryView, cx, formatDateTime } from '../ui';
import s from '../admin.module.css';

export const PASSWORD_MIN = 10;
const ROLE_LABEL = { admin: 'администратор', operator: 'оператор' } as const;

function OwnPassword() {
  const action = useAdminAction();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (next.length < PASSWORD_MIN) {
      setError('Новый пароль — не короче 10 символов');
      return;
    }
    setError(null);
    const result = await action.run(
      adminChangeOwnPassword,
      { body: { currentPassword: current, newPassword: next } },
      { success: 'Пароль изменён; другие сессии завершены' },
    );
    if (result.ok) {
      setCurrent('');
      setNext('');
    }
  };
  return (
    <form className={s.panel} onSubmit={(e) => void submit(e)} noValidate aria-label="Мой пароль">
      <h2 className={s.dialogTitle}>Мой пароль</h2>
      <div className={s.grid2}>
        <Field label="Текущий пароль">
          {(id) => (
            <input
              id={id}
              type="password"
              autoComplete="current-password"
              className={s.input}
              value={current}
              onChange={(e) => setCurrent(e.target.value)}
            />
          )}
        </Field>
        <Field label="Новый пароль" error={error} hint="Не короче 10 символов">
          {(id) => (
            <input
              id={id}
              type="password"
              autoComplete="new-password"
              className={s.input}
              value={next}
              onChange={(e) => setNext(e.target.value)}
            />
          )}
        </Field>
      </div>
      <button type="submit" className={s.button} disabled={action.pending}>
        Сменить пароль
      </button>
    </form>
  );
}

function Sessions({ member }: { member: StaffMember }) {
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
          <table className={s.table} aria-label={`Сессии ${member.login}`}>
            <thead>
              <tr>
                <th>Начата</th>
                <th>Последний запрос</th>
                <th>IP, браузер</th>
                <th />
              </tr>
            </thead>
            <tbody>
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
                      <button
                        type="button"
                        className={cx(s.button, s.secondary)}
                        disabled={action.pending}
                        onClick={() => void revoke(x.id)}
                      >
                        Завершить
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
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

function MemberEditor({ member, onDone }: { member: StaffMember | null; onDone: () => void }) {
  const action = useAdminAction();
  const [f, setF] = useState({
    login: member?.login ?? '',
    name: member?.name ?? '',
    role: member?.role ?? ('operator' as StaffMember['role']),
    isActive: member?.isActive ?? true,
    password: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof typeof f>(k: K, v: (typeof f)[K]) => setF((x) => ({ ...x, [k]: v }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problems: Record<string, string> = {};
    if (member === null && !/^[a-z0-9._-]{3,64}$/.test(f.login.trim().toLowerCase()))
      problems.login = 'От 3 символов: строчные латинские буквы, цифры, . _ -';
    if ((member === null || f.password !== '') && f.password.length < PASSWORD_MIN)
      problems.password = 'Не короче 10 символов';
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const result =
      member === null
        ? await action.run(
            adminCreateStaff,
            { body: { login: f.login.trim().toLowerCase(), name: f.name.trim(), role: f.role, password: f.password } },
            { success: 'Сотрудник добавлен' },
          )
        : await action.run(
            adminUpdateStaff,
            {
              params: { id: member.id },
              body: {
                name: f.name.trim(),
                role: f.role,
                isActive: f.isActive,
                ...(f.password !== '' ? { password: f.password } : {}),
              },
            },
            { success: 'Сотрудник сохранён' },
          );
    if (result.ok) onDone();
  };
  return (
    <div className={s.panel}>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label="Сотрудник">
        <PageHead title={member === null ? 'Новый сотрудник' : member.login} />
        <div className={s.grid2}>
          {member === null ? (
            <Field label="Логин" error={errors.login}>
              {(id) => (
                <input
                  id={id}
                  className={s.input}
                  autoComplete="off"
                  value={f.login}
                  onChange={(e) => set('login', e.target.value)}
                />
              )}
            </Field>
          ) : null}
          <Field label="Имя">
            {(id) => <input id={id} className={s.input} value={f.name} onChange={(e) => set('name', e.target.value)} />}
          </Field>
          <Field label="Роль">
            {(id) => (
              <select
                id={id}
                className={s.select}
                value={f.role}
                onChange={(e) => set('role', e.target.value === 'admin' ? 'admin' : 'operator')}
              >
                <option value="operator">оператор (заказы, стоп-лист, клиенты)</option>
                <option value="admin">администратор (всё)</option>
              </select>
            )}
          </Field>
          <Field
            label={member === null ? 'Пароль' : 'Новый пароль'}
            error={errors.password}
            hint={
              member === null ? 'Не короче 10 символов' : 'Пусто — не менять; новый пароль завершит сессии сотрудника'
            }
          >
            {(id) => (
              <input
                id={id}
                type="password"
                autoComplete="new-password"
                className={s.input}
                value={f.password}
                onChange={(e) => set('password', e.target.value)}
              />
            )}
          </Field>
        </div>
        {member !== null ? (
          <label className={s.check}>
            <input type="checkbox" checked={f.isActive} onChange={(e) => set('isActive', e.target.checked)} /> Учётная
            запись активна
          </label>
        ) : null}
        <div className={s.actions}>
          <button type="submit" className={s.button} disabled={action.pending}>
            Сохранить
          </button>
          <button type="button" className={cx(s.button, s.secondary)} onClick={onDone}>
            Назад
          </button>
        </div>
      </form>
      {member !== null ? (
        <>
          <h3 className={s.subtitle}>Сессии</h3>
          <Sessions member={member} />
        </>
      ) : null}
    </div>
  );
}

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
      <button type="button" className={s.button} onClick={() => setEditing('new')}>
        Добавить сотрудника
      </button>
      <QueryView query={list}>
        {(data) => (
          <table className={s.table} aria-label="Сотрудники" style={{ marginTop: 12 }}>
            <thead>
              <tr>
                <th>Логин</th>
                <th>Имя</th>
                <th>Роль</th>
                <th>Последний вход</th>
                <th>Состояние</th>
              </tr>
            </thead>
            <tbody>
              {data.staff.map((m) => (
                <tr key={m.id} className={s.rowLink} onClick={() => setEditing(m.id)}>
                  <td>{m.login}</td>
                  <td>{m.name}</td>
                  <td>{ROLE_LABEL[m.role]}</td>
                  <td>{m.lastLoginAt ? formatDateTime(m.lastLoginAt) : '—'}</td>
                  <td>
                    {m.isActive ? (
                      <span className={cx(s.badge, s.badgeOk)}>активен</span>
                    ) : (
                      <span className={cx(s.badge, s.badgeBad)}>отключён</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
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
        Вы вошли как {session?.staff.login} ({session ? ROLE_LABEL[session.staff.role] : ''}).
      </p>
      <OwnPassword />
      {canManage ? <StaffList /> : null}
    </section>
  );
}
