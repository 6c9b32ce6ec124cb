// One's own password, for every role: the current one and a new one of PASSWORD_MIN characters;
// changing it ends the other sessions.
import { useState, type FormEvent } from 'react';
import { adminChangeOwnPassword } from '../../../api/contract/admin/auth';
import { useAdminAction } from '../data/hooks';
import { PasswordField } from '../kit/fields';
import s from '../admin.module.css';

export const PASSWORD_MIN = 10;

export function OwnPasswordForm() {
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
        <PasswordField kind="current" label="Текущий пароль" value={current} onChange={setCurrent} />
        <PasswordField
          kind="new"
          label="Новый пароль"
          error={error}
          hint="Не короче 10 символов"
          value={next}
          onChange={setNext}
        />
      </div>
      <button type="submit" className={s.button} disabled={action.pending}>
        Сменить пароль
      </button>
    </form>
  );
}
