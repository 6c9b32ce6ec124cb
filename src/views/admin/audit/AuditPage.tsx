// The audit log: who did what, when, from where, with the object before and after
// (the changed fields highlighted). Filters by action, object kind, object id and dates.
import { Fragment, useState } from 'react';
import { adminListAudit, type AuditEntry } from '../../../api/contract/admin/audit';
import { useAdminQuery } from '../data/hooks';
import { TextField } from '../kit/fields';
import { AdminTable, FilterForm, Pager, rangeOf, usePaging } from '../kit/lists';
import { PageHead, QueryView, formatDateTime } from '../ui';
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

const FILTERS = [
  ['action', 'Действие (например, order.status)', 'search'],
  ['entity', 'Объект (order, product, setting…)', 'search'],
  ['entityId', 'Id объекта', 'search'],
  ['from', 'С даты', 'date'],
  ['to', 'По дату', 'date'],
] as const;

export default function AuditPage() {
  const [filters, setFilters] = useState({ action: '', entity: '', entityId: '', from: '', to: '' });
  const [draft, setDraft] = useState(filters);
  const { offset, restart, pager } = usePaging(PAGE);
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
  const submit = () => {
    setFilters(draft);
    restart();
  };
  return (
    <section>
      <PageHead title="Журнал действий" onReload={list.reload} />
      <FilterForm label="Фильтры журнала" onSubmit={submit}>
        {FILTERS.map(([key, label, type]) => (
          <TextField
            key={key}
            label={label}
            type={type}
            value={draft[key]}
            onChange={(typed) => setDraft((d) => ({ ...d, [key]: typed }))}
          />
        ))}
      </FilterForm>
      <QueryView query={list}>
        {(data) =>
          data.entries.length === 0 ? (
            <p className={s.empty}>Записей нет.</p>
          ) : (
            <>
              <AdminTable label="Журнал действий" columns={['Когда', 'Кто', 'Действие', 'Объект', 'Изменено', 'IP']}>
                {data.entries.map((entry) => (
                  <EntryRow key={entry.id} entry={entry} />
                ))}
              </AdminTable>
              <Pager {...pager} total={data.total} summary={rangeOf(offset, data.entries.length, data.total)} />
            </>
          )
        }
      </QueryView>
    </section>
  );
}
