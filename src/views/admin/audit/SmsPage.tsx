// The SMS outbox: what the embedded SMS provider kept instead of sending (sign-in
// codes in a fresh install), newest first, filtered by phone.
import { useState } from 'react';
import { adminListSmsOutbox } from '../../../api/contract/admin/audit';
import { useAdminQuery } from '../data/hooks';
import { TextField } from '../kit/fields';
import { AdminTable, FilterForm, Pager, usePaging } from '../kit/lists';
import { PageHead, QueryView, formatDateTime } from '../ui';
import s from '../admin.module.css';

const PAGE = 50;

export default function SmsPage() {
  const [phone, setPhone] = useState('');
  const [draft, setDraft] = useState('');
  const { offset, restart, pager } = usePaging(PAGE);
  const list = useAdminQuery(adminListSmsOutbox, { query: { limit: PAGE, offset, ...(phone ? { phone } : {}) } });
  const submit = () => {
    setPhone(draft.trim());
    restart();
  };
  return (
    <section>
      <PageHead title="SMS" onReload={list.reload} />
      <FilterForm label="Фильтр SMS" onSubmit={submit}>
        <TextField label="Телефон" type="search" inputMode="tel" value={draft} onChange={setDraft} />
      </FilterForm>
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
              <AdminTable label="Исходящие SMS" columns={['Когда', 'Телефон', 'Текст', 'Статус']}>
                {data.messages.map((m) => (
                  <tr key={m.id}>
                    <td>{formatDateTime(m.createdAt)}</td>
                    <td>{m.phone}</td>
                    <td>{m.text}</td>
                    <td>{m.status}</td>
                  </tr>
                ))}
              </AdminTable>
            )}
            <Pager {...pager} total={data.total} summary={`Всего: ${data.total}`} />
          </>
        )}
      </QueryView>
    </section>
  );
}
