// Sign-in by phone and SMS code (PRODUCT.md §5): the phone field with the §5 mask (autocomplete tel),
// the code field (autocomplete one-time-code) with a resend countdown, name and consents for the
// first sign-in, and the §8 error texts from the auth projection.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { formatPhone, maskPhoneInput } from '../../domain/phone';
import { AppLink } from '../app/routing';
import { useDispatch, useSelector } from '../app/store';
import { FormError } from '../components/FormError';
import ui from '../components/ui.module.css';
import { Dialog } from './Dialog';
import styles from './modals.module.css';
import { CheckLine, TextInput } from '../components/LabelledFields';

export const TITLE_AUTH = 'Вход или регистрация';
/** The server allows one code per 60 s per phone. */
export const RESEND_SECONDS = 60;

export function secondsLeft(sentAt: string, nowMs: number, total = RESEND_SECONDS): number {
  const sent = Date.parse(sentAt);
  if (Number.isNaN(sent)) return 0;
  return Math.max(0, Math.ceil(total - (nowMs - sent) / 1000));
}

function formatCountdown(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

/** The phone field; its error shows under it and is tied to it (aria-invalid, aria-describedby). */
export function PhoneField({
  value,
  onChange,
  autoFocus,
  error,
}: {
  value: string;
  onChange: (v: string) => void;
  autoFocus?: boolean;
  error?: string | null;
}) {
  const errorId = useId();
  const invalid = error !== undefined && error !== null;
  // The message is outside the label, so the field's name stays 'Номер телефона'.
  return (
    <>
      <TextInput
        label="Номер телефона"
        type="tel"
        name="phone"
        autoComplete="tel"
        inputMode="tel"
        placeholder="+7 (9XX) XXX-XX-XX"
        value={value}
        onChange={(typed) => onChange(maskPhoneInput(typed))}
        data-autofocus={autoFocus ? true : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
      />
      {invalid && (
        <p id={errorId} className={ui.error} role="alert">
          {error}
        </p>
      )}
    </>
  );
}

export function AuthModal({ onClose }: { onClose: () => void }) {
  const flow = useSelector((s) => s.auth.flow);
  const dispatch = useDispatch();
  const [phone, setPhone] = useState('');
  const [editingPhone, setEditingPhone] = useState(false);
  const codeStep = (flow.status === 'codeSent' || flow.status === 'verifying') && !editingPhone;

  const requestCode = (e?: FormEvent) => {
    e?.preventDefault();
    setEditingPhone(false);
    dispatch({ type: 'RequestCode', data: { phone } });
  };

  return (
    <Dialog title={TITLE_AUTH} onClose={onClose} size="s">
      {codeStep ? (
        <CodeStep
          phone={flow.phone}
          sentAt={flow.sentAt}
          verifying={flow.status === 'verifying'}
          error={flow.status === 'codeSent' ? flow.error : null}
          onEditPhone={() => {
            setPhone(maskPhoneInput(flow.phone));
            setEditingPhone(true);
          }}
        />
      ) : (
        <form onSubmit={requestCode} noValidate>
          <p className={styles.text}>Мы отправим SMS с кодом для входа.</p>
          <PhoneField value={phone} onChange={setPhone} autoFocus error={flow.status === 'idle' ? flow.error : null} />
          <button type="submit" className={`${ui.button} ${ui.block}`} disabled={flow.status === 'requesting'}>
            {flow.status === 'requesting' ? 'Отправляем…' : 'Получить код'}
          </button>
        </form>
      )}
    </Dialog>
  );
}

function CodeStep({
  phone,
  sentAt,
  verifying,
  error,
  onEditPhone,
}: {
  phone: string;
  sentAt: string;
  verifying: boolean;
  error: string | null;
  onEditPhone: () => void;
}) {
  const dispatch = useDispatch();
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [personalData, setPersonalData] = useState(true);
  const [push, setPush] = useState(false);
  const [ads, setAds] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const left = secondsLeft(sentAt, now);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // PRODUCT.md §5: the account is created (or the profile patched) with these in the sign-in itself
    const trimmed = name.trim();
    const profile = { personalData, PUSHNotifications: push, receiveAdvertisingInformation: ads };
    dispatch({ type: 'SubmitCode', data: { code, profile: trimmed === '' ? profile : { name: trimmed, ...profile } } });
  };
  return (
    <form onSubmit={submit} noValidate>
      <p className={styles.text}>
        Код отправлен на <strong>{formatPhone(phone)}</strong>.{' '}
        <button type="button" className={ui.link} onClick={onEditPhone}>
          Изменить номер
        </button>
      </p>
      <TextInput
        label="Код из SMS"
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        pattern="\d*"
        maxLength={6}
        value={code}
        onChange={(typed) => setCode(typed.replace(/\D/g, '').slice(0, 6))}
        data-autofocus
      />
      {left > 0 ? (
        <p className={styles.countdown}>Отправить код повторно можно через {formatCountdown(left)}</p>
      ) : (
        <p className={styles.countdown}>
          <button type="button" className={ui.link} onClick={() => dispatch({ type: 'RequestCode', data: { phone } })}>
            Отправить код ещё раз
          </button>
        </p>
      )}
      <TextInput
        label="Имя (если вы у нас впервые)"
        name="name"
        autoComplete="given-name"
        value={name}
        onChange={setName}
      />
      <CheckLine checked={personalData} onChange={setPersonalData}>
        Я согласен на обработку персональных данных (<AppLink to="/legal">условия</AppLink>)
      </CheckLine>
      <CheckLine checked={push} onChange={setPush}>
        Получать push-уведомления (<AppLink to="/push-notifications-rules">правила</AppLink>)
      </CheckLine>
      <CheckLine checked={ads} onChange={setAds}>
        Получать рекламную информацию (<AppLink to="/receive-advertising-information">согласие</AppLink>)
      </CheckLine>
      <FormError error={error} />
      <button
        type="submit"
        className={`${ui.button} ${ui.block}`}
        disabled={verifying || code.length === 0 || !personalData}
      >
        {verifying ? 'Проверяем…' : 'Войти'}
      </button>
    </form>
  );
}
