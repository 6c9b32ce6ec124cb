// The figures of the period: cards, payments, cancellations with reasons, delivery times, top
// products and coupons, the rating. Money in roubles and shares through Intl.
import type { ReactNode } from 'react';
import type { Dashboard } from '../../../api/contract/admin/dashboard';
import { PAYMENT_METHOD_LABEL } from '../../../api/contract/admin/labels';
import { AdminTable } from '../kit/lists';
import { formatMoney } from '../ui';
import { formatCount, formatMinutes, formatOrders, formatPercent } from './format';
import s from './dashboard.module.css';
import a from '../admin.module.css';

const ONLINE = new Set(['card', 'sbp']);
const score = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

function Card({ label, value, name }: { label: string; value: string; name: string }) {
  return (
    <div className={s.card} data-figure={name}>
      <p className={s.cardLabel}>{label}</p>
      <p className={s.cardValue}>{value}</p>
    </div>
  );
}

export function FigureCards({ data }: { data: Dashboard }) {
  const online = data.payments.filter((p) => ONLINE.has(p.method)).reduce((n, p) => n + p.orders, 0);
  const placed = data.orders + data.cancellations.count;
  return (
    <div className={s.cards}>
      <Card name="revenue" label="Выручка" value={formatMoney(data.revenue)} />
      <Card name="orders" label="Заказы" value={formatCount(data.orders)} />
      <Card name="average" label="Средний чек" value={formatMoney(data.averageCheck)} />
      <Card name="new" label="Новые клиенты" value={formatCount(data.customers.new)} />
      <Card name="returning" label="Вернувшиеся клиенты" value={formatCount(data.customers.returning)} />
      <Card name="online" label="Оплачено онлайн" value={formatPercent(online, data.orders)} />
      <Card name="cancelled" label="Отменено" value={formatPercent(data.cancellations.count, placed)} />
      <Card
        name="rating"
        label="Средняя оценка"
        value={
          data.rating === null
            ? 'оценок пока нет'
            : `${score.format(data.rating.average)} (${formatCount(data.rating.count)})`
        }
      />
    </div>
  );
}

/** A figure's section: its title, then its figures, or the note `empty` when there is nothing to show. */
function FigureSection({ title, empty, children }: { title: string; empty?: string | null; children: ReactNode }) {
  return (
    <section>
      <h2 className={s.sectionTitle}>{title}</h2>
      {empty ? <p className={a.muted}>{empty}</p> : children}
    </section>
  );
}

/**
 * A figure's table: the name of each row, then its figures right-aligned under their columns.
 * `columns` names the first column, then one column per figure.
 */
function FigureTable({
  label,
  columns,
  rows,
}: {
  label: string;
  columns: readonly [string, ...string[]];
  rows: readonly { key: string; name: string; figures: readonly string[] }[];
}) {
  const [name, ...figures] = columns;
  return (
    <AdminTable label={label} columns={[name, ...figures.map((f) => ({ label: f, num: true as const }))]}>
      {rows.map((r) => (
        <tr key={r.key}>
          <td>{r.name}</td>
          {r.figures.map((f, i) => (
            <td key={i} className={a.num}>
              {f}
            </td>
          ))}
        </tr>
      ))}
    </AdminTable>
  );
}

export function Payments({ data }: { data: Dashboard }) {
  return (
    <FigureSection title="Оплата">
      <FigureTable
        label="Оплата"
        columns={['Способ', 'Заказы', 'Доля', 'Сумма']}
        rows={data.payments.map((p) => ({
          key: p.method,
          name: PAYMENT_METHOD_LABEL[p.method],
          figures: [formatCount(p.orders), formatPercent(p.orders, data.orders), formatMoney(p.revenue)],
        }))}
      />
    </FigureSection>
  );
}

export function Cancellations({ data }: { data: Dashboard }) {
  return (
    <FigureSection
      title={`Отмены: ${formatOrders(data.cancellations.count)}`}
      empty={data.cancellations.reasons.length === 0 ? 'Отмен нет.' : null}
    >
      <FigureTable
        label="Причины отмен"
        columns={['Причина', 'Заказы']}
        rows={data.cancellations.reasons.map((r) => ({
          key: r.reason,
          name: r.reason === '' ? 'без причины (касса или система)' : r.reason,
          figures: [formatCount(r.count)],
        }))}
      />
    </FigureSection>
  );
}

export function DeliveryTimes({ data }: { data: Dashboard }) {
  const d = data.delivery;
  return (
    <FigureSection title="Время доставки" empty={d.delivered === 0 ? 'Доставленных заказов нет.' : null}>
      <FigureTable
        label="Время доставки"
        columns={['', 'Медиана', '90%']}
        rows={[
          { key: 'promised', name: 'Обещано', figures: [d.promisedMedian, d.promisedP90].map(formatMinutes) },
          { key: 'actual', name: 'Доставлено', figures: [d.actualMedian, d.actualP90].map(formatMinutes) },
        ]}
      />
      <p className={a.muted}>
        Доставлено: {formatOrders(d.delivered)}, с опозданием {formatPercent(d.late, d.delivered)}
      </p>
    </FigureSection>
  );
}

/** A top list: its title, a note when it is empty, else a table of name, count and sum per row. */
function TopList({
  title,
  empty,
  columns,
  rows,
}: {
  title: string;
  empty: string;
  columns: readonly [string, string, string];
  rows: readonly { key: string; name: string; count: number; money: number }[];
}) {
  return (
    <FigureSection title={title} empty={rows.length === 0 ? empty : null}>
      <FigureTable
        label={title}
        columns={columns}
        rows={rows.map((r) => ({ key: r.key, name: r.name, figures: [formatCount(r.count), formatMoney(r.money)] }))}
      />
    </FigureSection>
  );
}

export function TopLists({ data }: { data: Dashboard }) {
  return (
    <>
      <TopList
        title="Популярные товары"
        empty="Продаж нет."
        columns={['Товар', 'Шт.', 'Сумма']}
        rows={data.topProducts.map((p) => ({ key: p.productId, name: p.name, count: p.amount, money: p.revenue }))}
      />
      <TopList
        title="Промокоды"
        empty="Промокодами не пользовались."
        columns={['Код', 'Заказы', 'Скидка']}
        rows={data.topCoupons.map((c) => ({ key: c.code, name: c.code, count: c.orders, money: c.discount }))}
      />
    </>
  );
}
