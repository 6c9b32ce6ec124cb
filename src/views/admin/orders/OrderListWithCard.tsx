// The body of both order lists (the operators' /admin/orders and the call centre's
// /admin/phone-orders): a page of orders as rows, the number a link, a click on a row opening the
// order card beside the list. Each list names its own columns after the number.
import type { ReactNode } from 'react';
import type { AdminOrder } from '../../../api/contract/admin/orders';
import type { Query } from '../data/hooks';
import type { Reference } from '../data/reference';
import { AdminTable, Pager, rangeOf, type Column } from '../kit/lists';
import { QueryView, cx, formatDateTime, formatMoney } from '../ui';
import { OrderDetail } from './OrderDetail';
import { StatusBadge } from './StatusBadge';
import { SurchargeLabel } from './SurchargeLabel';
import s from '../admin.module.css';

export interface OrderColumn {
  head: Column;
  cell: (order: AdminOrder) => ReactNode;
}

const created: OrderColumn = { head: 'Создан', cell: (order) => formatDateTime(order.createdAt) };

const customer: OrderColumn = {
  head: 'Клиент',
  cell: (order) => (
    <>
      {order.customer.name || '—'}
      <br />
      <span className={s.muted}>{order.customer.phone ?? 'телефон удалён'}</span>
    </>
  ),
};

const method: OrderColumn = {
  head: 'Способ',
  cell: (order) => (order.deliveryMethod === 'delivery' ? 'Доставка' : 'Самовывоз'),
};

const status: OrderColumn = { head: 'Статус', cell: (order) => <StatusBadge status={order.status} /> };

/** The order's total, with `note` (if any) and a surcharge still owed under it. */
function total(note?: (order: AdminOrder) => ReactNode): OrderColumn {
  return {
    head: { label: 'Сумма', num: true },
    cell: (order) => (
      <>
        {formatMoney(order.total)}
        {note ? (
          <>
            <br />
            <span className={s.muted}>{note(order)}</span>
          </>
        ) : null}
        {order.surcharge ? (
          <>
            <br />
            <SurchargeLabel order={order} />
          </>
        ) : null}
      </>
    ),
  };
}

/** The columns both lists show. */
export const ORDER_COLUMNS = { created, customer, method, status, total };

export function OrderListWithCard({
  list,
  label,
  empty,
  basePath,
  columns,
  marks,
  rowClass,
  openId,
  onOpen,
  onClose,
  pager,
  reference,
  scope,
}: {
  list: Query<{ orders: AdminOrder[]; total: number }>;
  /** The table's accessible name. */
  label: string;
  /** The text shown when nothing is found. */
  empty: string;
  /** Where the number links to, before `/<id>` (the row's click does the navigation). */
  basePath: string;
  /** The columns after the number. */
  columns: readonly OrderColumn[];
  /** Badges after the number. */
  marks?: (order: AdminOrder) => ReactNode;
  rowClass?: (order: AdminOrder) => string | false | undefined;
  openId: string | null;
  onOpen: (order: AdminOrder) => void;
  onClose: () => void;
  pager: { offset: number; size: number; onChange: (offset: number) => void };
  reference: Reference;
  scope?: 'all' | 'phone';
}) {
  return (
    <div className={openId ? s.columns : undefined}>
      <div className={s.scrollX}>
        <QueryView query={list}>
          {(data) =>
            data.orders.length === 0 ? (
              <p className={s.empty}>{empty}</p>
            ) : (
              <>
                <AdminTable label={label} columns={['№', ...columns.map((c) => c.head)]}>
                  {data.orders.map((order) => (
                    <tr
                      key={order.id}
                      className={cx(s.rowLink, rowClass?.(order), order.id === openId && s.selected)}
                      onClick={() => onOpen(order)}
                      data-order-id={order.id}
                    >
                      <td>
                        <a
                          href={`${basePath}/${order.id}`}
                          onClick={(e) => {
                            e.preventDefault();
                          }}
                        >
                          {order.number}
                        </a>
                        {marks?.(order)}
                      </td>
                      {columns.map((c, i) => (
                        <td key={i} className={typeof c.head === 'string' ? undefined : s.num}>
                          {c.cell(order)}
                        </td>
                      ))}
                    </tr>
                  ))}
                </AdminTable>
                <Pager {...pager} total={data.total} summary={rangeOf(pager.offset, data.orders.length, data.total)} />
              </>
            )
          }
        </QueryView>
      </div>
      {openId ? (
        <OrderDetail
          key={openId}
          orderId={openId}
          reference={reference}
          scope={scope}
          onClose={onClose}
          onChanged={list.reload}
        />
      ) : null}
    </div>
  );
}
