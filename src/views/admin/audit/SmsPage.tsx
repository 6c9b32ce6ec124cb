// The SMS outbox: what the embedded SMS provider kept instead of sending (sign-in
// codes in a fresh install), newest first, filtered by phone.
import { useState, type FormEvent } from 'react';
import { adminListSmsOutbox } from '../../../api/contract/admin/audit';
import { useAdminQuery } from '../data/hooks';
import { Field, PageHead, QueryView, cx, formatDateTime } from '../ui';
import s from '../admin.module.css';

const PAGE = 50;

export default function SmsPage() {
  const [phone, setPhone] = useState('');
  const [draft, setDraft] = useState('');
  const [offset, setOffset] = useState(0);
  const list = useAdminQuery(adminListSmsOutbox, { query: { limit: PAGE, offset, ...(phone ? { phone } : {}) } });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setPhone(draft.trim());
    setOffset(0);
  };
  return (
    <section>
      <PageHead title="SMS">
        <button type="button" className={cx(s.button, s.secondary)} onClick={list.reload}>
          Обновить
        </button>
      </PageHead>
      <form className={s.filters} onSubmit={submit} aria-label="Фильтр SMS">
        <Field label="Телефон">
          {(id) => (
            <input
              id={id}
              type="search"
              inputMode="tel"
              className={s.input}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
            />
          )}
        </Field>
        <button type="submit" className={s.button}>
          Найти
        </button>
      </form>
      <QueryView query={list}>
        {(data) => (
          <>
            <p className={data.embedded ? s.muted : s.warning}>
              {data.embedded
                ? 'Встроенный режим: сообщения не отправляются, а хранятся здесь.'
                : 'Подключён SMS-шлюз: сообщения уходят получателям; здесь только то, что было сохранено во встроенном режиме.'}
            </p>
            {data.messages.length === 0 ? (
              <p className={s.empty}>Сообщений нет.</p>
            ) : (
              <table className={s.table} aria-label="Исходящие SMS">
                <thead>
                  <tr>
                    <th>Когда</th>
                    <th>Телефон</th>
                    <th>Текст</th>
                    <th>Статус</th>
                  </tr>
                </thead>
                <tbody>
                  {data.messages.map((m) => (
                    <tr key={m.id}>
                      <td>{formatDateTime(m.createdAt)}</td>
                      <td>{m.phone}</td>
                      <td>{m.text}</td>
                      <td>{m.status}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            <div className={s.actions}>
              <span className={s.muted}>Всего: {data.total}</span>
              <button
                type="button"
                className={cx(s.button, s.secondary)}
                disabled={offset === 0}
                onClick={() => setOffset(Math.max(0, offset - PAGE))}
              >
                Назад
              </button>
              <button
                type="button"
                className={cx(s.button, s.secondary)}
                disabled={offset + PAGE >= data.total}
                onClick={() => setOffset(offset + PAGE)}
              >
                Дальше
              </button>
            </div>
          </>
        )}
      </QueryView>
    </section>
  );
}
