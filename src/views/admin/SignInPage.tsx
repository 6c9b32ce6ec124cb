// /admin without a staff session: login and password. The server's answer is shown as it is:
// 'Неверный логин или пароль', the lockout 'Слишком много неудачных попыток входа. Повторите
// через N с', or 'Учётная запись отключена'. A new browser asked for the captcha passes it and
// tries again without a second click (data/auth.ts).
import { useState, type FormEvent } from 'react';
import { useSignIn } from './data/auth';
import { useAdminServices } from './data/context';
import { PasswordField, TextField } from './kit/fields';
import { cx } from './ui';
import s from './admin.module.css';

export default function SignInPage() {
  const { session } = useAdminServices();
  const { pending, signIn } = useSignIn();
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(() =>
    session.lastEnd() === 'expired' ? 'Сессия истекла или была завершена. Войдите снова.' : null,
  );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (login.trim() === '' || password === '') {
      setError('Введите логин и пароль');
      return;
    }
    setError(null);
    const failure = await signIn(login.trim(), password);
    if (failure !== null) {
      setError(failure);
      setPassword('');
    }
  };

  return (
    <div className={s.signIn}>
      <form className={s.signInCard} onSubmit={(e) => void submit(e)} noValidate aria-labelledby="admin-sign-in-title">
        <h1 id="admin-sign-in-title" className={s.title}>
          Вход в панель управления
        </h1>
        <p className={s.muted}>Для сотрудников ресторанов и службы доставки.</p>
        {error ? (
          <p className={s.formError} role="alert">
            {error}
          </p>
        ) : null}
        <TextField label="Логин" name="login" autoComplete="username" value={login} onChange={setLogin} />
        <PasswordField kind="current" label="Пароль" name="password" value={password} onChange={setPassword} />
        <button type="submit" className={cx(s.button)} disabled={pending} style={{ width: '100%' }}>
          {pending ? 'Вход…' : 'Войти'}
        </button>
      </form>
    </div>
  );
}
