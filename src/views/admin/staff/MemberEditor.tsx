// A staff account: login (new ones only), name, role, active flag and a new password; below it,
// the member's sessions.
import { adminCreateStaff, adminUpdateStaff, type StaffMember } from '../../../api/contract/admin/auth';
import { STAFF_ROLES, STAFF_ROLE_NAMES, StaffRole } from '../../../api/contract/admin/common';
import { useAdminAction } from '../data/hooks';
import { EditorForm, useEditorFields } from '../kit/editor';
import { CheckField, PasswordField, SelectField, TextField } from '../kit/fields';
import { PASSWORD_MIN } from './OwnPasswordForm';
import { StaffSessions } from './StaffSessions';
import s from '../admin.module.css';

/** What each role may, as the staff editor explains it (docs/ADMIN.md «Roles»). */
const ROLE_SCOPE: Readonly<Record<StaffRole, string>> = {
  admin: 'всё',
  manager: 'сводка, выгрузки и всё, что может оператор',
  operator: 'заказы, курьеры, стоп-лист, клиенты',
  callcentre: 'заказы по телефону',
  courier: 'только свои доставки',
};

export function MemberEditor({ member, onDone }: { member: StaffMember | null; onDone: () => void }) {
  const action = useAdminAction();
  const { form, set, text, flag, report } = useEditorFields({
    login: member?.login ?? '',
    name: member?.name ?? '',
    role: member?.role ?? ('operator' as StaffMember['role']),
    isActive: member?.isActive ?? true,
    password: '',
  });
  const submit = async () => {
    const problems: Record<string, string> = {};
    if (member === null && !/^[a-z0-9._-]{3,64}$/.test(form.login.trim().toLowerCase()))
      problems.login = 'От 3 символов: строчные латинские буквы, цифры, . _ -';
    if ((member === null || form.password !== '') && form.password.length < PASSWORD_MIN)
      problems.password = 'Не короче 10 символов';
    if (!report(problems)) return;
    const result =
      member === null
        ? await action.run(
            adminCreateStaff,
            {
              body: {
                login: form.login.trim().toLowerCase(),
                name: form.name.trim(),
                role: form.role,
                password: form.password,
              },
            },
            { success: 'Сотрудник добавлен' },
          )
        : await action.run(
            adminUpdateStaff,
            {
              params: { id: member.id },
              body: {
                name: form.name.trim(),
                role: form.role,
                isActive: form.isActive,
                ...(form.password !== '' ? { password: form.password } : {}),
              },
            },
            { success: 'Сотрудник сохранён' },
          );
    if (result.ok) onDone();
  };
  return (
    <div className={s.panel}>
      <EditorForm
        bare
        label="Сотрудник"
        title={member === null ? 'Новый сотрудник' : member.login}
        canEdit
        pending={action.pending}
        onSubmit={submit}
        onBack={onDone}
      >
        <div className={s.grid2}>
          {member === null ? <TextField label="Логин" autoComplete="off" {...text('login')} /> : null}
          <TextField label="Имя" {...text('name')} />
          <SelectField
            label="Роль"
            value={form.role}
            onChange={(role) => set('role', StaffRole.parse(role))}
            options={STAFF_ROLES.map((role) => ({
              value: role,
              label: `${STAFF_ROLE_NAMES[role]} (${ROLE_SCOPE[role]})`,
            }))}
          />
          <PasswordField
            kind="new"
            label={member === null ? 'Пароль' : 'Новый пароль'}
            hint={
              member === null ? 'Не короче 10 символов' : 'Пусто — не менять; новый пароль завершит сессии сотрудника'
            }
            {...text('password')}
          />
        </div>
        {member !== null ? <CheckField label="Учётная запись активна" {...flag('isActive')} /> : null}
      </EditorForm>
      {member !== null ? (
        <>
          <h3 className={s.subtitle}>Сессии</h3>
          <StaffSessions member={member} />
        </>
      ) : null}
    </div>
  );
}
