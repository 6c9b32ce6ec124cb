// Cancelling an order asks for a reason of CANCEL_REASON_MIN characters first.
import { useState, type FormEvent } from 'react';
import { TextAreaField } from '../kit/fields';
import { AdminDialog, cx } from '../ui';
import s from '../admin.module.css';

export const CANCEL_REASON_MIN = 3;

export function CancelDialog({
  onCancel,
  onClose,
  pending,
}: {
  onCancel: (reason: string) => void;
  onClose: () => void;
  pending: boolean;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (reason.trim().length < CANCEL_REASON_MIN) {
      setError('Укажите причину отмены (не короче 3 символов)');
      return;
    }
    onCancel(reason.trim());
  };
  return (
    <AdminDialog title="Отмена заказа" onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <TextAreaField
          label="Причина отмены"
          error={error}
          hint="Клиент увидит заказ отменённым; бонусы вернутся, оплаченный онлайн заказ будет возвращён."
          maxLength={500}
          value={reason}
          onChange={setReason}
        />
        <div className={s.actions}>
          <button type="submit" className={cx(s.button, s.danger)} disabled={pending}>
            Отменить заказ
          </button>
          <button type="button" className={cx(s.button, s.secondary)} onClick={onClose}>
            Не отменять
          </button>
        </div>
      </form>
    </AdminDialog>
  );
}
