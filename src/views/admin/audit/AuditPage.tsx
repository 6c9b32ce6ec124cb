// The audit log: who did what, when, from where, with the object before and after
// (the changed fields highlighted). Filters by action, object kind, object id and dates.
import { Fragment, useState, type FormEvent } from 'react';
import { adminListAudit, type AuditEntry } from '../../../api/contract/admin/audit';
import { useAdminQuery } from '../data/hooks';
import { Field, PageHead, QueryView, cx, formatDateTime } from '../ui';
import s from '../admin.module.css';

const PAGE = 50;

export const ACTION_LABELS: Record<string, string> = {
  'staff.login': 'вход в панель',
  'staff.logout': 'выход из панели',
  'staff.create': 'создан сотрудник',
  'staff.update': 'изменён сотрудник',
  'staff.password': 'смена пароля',
  'staff.revoke-sessions': 'завершены сессии',
  'order.status': 'статус заказа',
  'order.cancel': 'отмена заказа',
  'product.create': 'создан товар',
  'product.update': 'изменён товар',
  'product.delete': 'удалён товар',
  'group.create': 'создана группа',
  'group.update': 'изменена группа',
  'group.delete': 'удалена группа',
  'stop-list.toggle': 'стоп-лист',
  'image.upload': 'загружена картинка',
  'setting.update': 'настройка',
  'setting.store-version': 'версия хранилища',
  'city.create': 'добавлен город',
  'city.update': 'изменён город',
  'restaurant.create': 'добавлен ресторан',
  'restaurant.update': 'изменён ресторан',
  'zone.create': 'добавлена зона',
  'zone.update': 'изменена зона',
  'zone.delete': 'удалена зона',
  'page.save': 'страница',
  'coupon.create': 'создан промокод',
  'coupon.update': 'изменён промокод',
  'promotion.update': 'акция',
  'customer.bonus': 'бонусы клиента',
};

/** Top-level fields whose values differ between before and after. */
export function changedFields(before: unknown, after: unknown): string[] {
  const obj = (x: unknown): Record<string, unknown> =>
    typeof x === 'object' && x !== null && !Array.isArray(x) ? (x as Record<string, unknown>) : {};
  const a = obj(before);
  const b = obj(after);
  return [...new Set([...Object.keys(a), ...Object.keys(b)])]
    .filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]))
    .sort();
}

function Json({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className={s.muted}>—</span>;
  return <pre className={s.pre}>{JSON.stringify(value, null, 2)}</pre>;
}

function EntryRow({ entry }: { entry: AuditEntry }) {
  const [open, setOpen] = useState(false);
  const changed = changedFields(entry.before, entry.after);
  return (
    <Fragment>
      <tr className={s.rowLink} onClick={() => setOpen((x) => !x)} aria-expanded={open}>
        <td>{formatDateTime(entry.at)}</td>
        <td>{entry.staffLogin}</td>
        <td>
          {ACTION_LABELS[entry.action] ?? entry.action}
          <div className={s.muted}>{entry.action}</div>
        </td>
        <td>
          {entry.entity}
          {entry.entityId ? <div className={s.muted}>{entry.entityId}</div> : null}
        </td>
        <td>{changed.length > 0 ? changed.join(', ') : <span className={s.muted}>—</span>}</td>
        <td className={s.muted}>{entry.ip}</td>
      </tr>
      {open ? (
        <tr>
          <td colSpan={6}>
            <div className={s.columns}>
              <div>
                <strong>До</strong>
                <Json value={entry.before} />
              </div>
              <div>
                <strong>После</strong>
                <Json value={entry.after} />
              </div>
            </div>
          </td>
        </tr>
      ) : null}
    </Fragment>
  );
}

export default function AuditPage() {
  const [filters, setFilters] = useState({ action: '', entity: '', entityId: '', from: '', to: '' });
  const [draft, setDraft] = useState(filters);
  const [offset, setOffset] = useState(0);
  const query = {
    limit: PAGE,
    offset,
    ...Object.fromEntries(
      Object.entries(filters)
        .filter(([, v]) => v.trim() !== '')
        .map(([k, v]) => [k, v.trim()]),
    ),
  };
  const list = useAdminQuery(adminListAudit, { query });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFilters(draft);
    setOffset(0);
  };
  const field = (key: keyof typeof draft, label: string, type = 'search') => (
    <Field label={label}>
      {(id) => (
        <input
          id={id}
          type={type}
          className={s.input}
          value={draft[key]}
          onChange={(e) => setDraft((d) => ({ ...d, [key]: e.target.value }))}
        />
      )}
    </Field>
  );
  return (
    <section>
      <PageHead title="Журнал действий">
        <button type="button" className={cx(s.button, s.secondary)} onClick={list.reload}>
          Обновить
        </button>
      </PageHead>
      <form className={s.filters} onSubmit={submit} aria-label="Фильтры журнала">
        {field('action', 'Действие (например, order.status)')}
        {field('entity', 'Объект (order, product, setting…)')}
        {field('entityId', 'Id объекта')}
        {field('from', 'С даты', 'date')}
        {field('to', 'По дату', 'date')}
        <button type="submit" className={s.button}>
          Найти
        </button>
      </form>
      <QueryView query={list}>
        {(data) =>
          data.entries.length === 0 ? (
            <p className={s.empty}>Записей нет.</p>
          ) : (
            <>
              <table className={s.table} aria-label="Журнал действий">
                <thead>
                  <tr>
                    <th>Когда</th>
                    <th>Кто</th>
                    <th>Действие</th>
                    <th>Объект</th>
                    <th>Изменено</th>
                    <th>IP</th>
                  </tr>
                </thead>
                <tbody>
                  {data.entries.map((entry) => (
                    <EntryRow key={entry.id} entry={entry} />
                  ))}
                </tbody>
              </table>
              <div className={s.actions}>
                <span className={s.muted}>
                  {offset + 1}–{offset + data.entries.length} из {data.total}
                </span>
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
          )
        }
      </QueryView>
    </section>
  );
}
