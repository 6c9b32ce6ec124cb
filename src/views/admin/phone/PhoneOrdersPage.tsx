// «Заказы по телефону»: the call centre's own list of the orders taken by phone (newest first,
// found by the customer's phone or the number) and the order card beside it
// (/admin/phone-orders/:id), for when the customer calls back. It reads the call centre's routes,
// which answer phone orders only; the card and its «Изменить» are the orders screen's own.
import { useState } from 'react';
import { useLocation, useRoute } from 'wouter';
import { adminListPhoneOrders } from '../../../api/contract/admin/phoneOrders';
import { useAdminQuery } from '../data/hooks';
import { useOrderEvents } from '../data/liveOrders';
import { useReference } from '../data/reference';
import { usePaging } from '../kit/lists';
import { ORDER_COLUMNS, OrderListWithCard } from '../orders/OrderListWithCard';
import { NO_PHONE_NUMBER_SEARCH, OrderSearchForm, type PhoneNumberSearch } from '../orders/OrderSearchForm';
import { PAGE_SIZE } from '../orders/ordersQuery';
import { PageHead } from '../ui';

/** The list query: empty fields are left out; a number that is not one is left out too. */
export function phoneOrdersQuery(search: PhoneNumberSearch, offset: number) {
  const number = Number(search.number.trim());
  return {
    limit: PAGE_SIZE,
    offset,
    ...(search.phone.trim() ? { phone: search.phone.trim() } : {}),
    ...(Number.isInteger(number) && number > 0 ? { number } : {}),
  };
}

export default function PhoneOrdersPage() {
  const [, params] = useRoute<{ id: string }>('/:id');
  const [, navigate] = useLocation();
  const openId = params?.id ?? null;
  const ref = useReference();
  const [search, setSearch] = useState<PhoneNumberSearch>(NO_PHONE_NUMBER_SEARCH);
  const { offset, restart, pager } = usePaging(PAGE_SIZE);
  const list = useAdminQuery(adminListPhoneOrders, { query: phoneOrdersQuery(search, offset) });
  useOrderEvents(() => list.reload());

  const apply = (next: PhoneNumberSearch) => {
    setSearch(next);
    restart();
  };

  return (
    <section>
      <PageHead title="Заказы по телефону" onReload={list.reload} />
      <OrderSearchForm
        label="Поиск заказов по телефону"
        onSearch={apply}
        onReset={() => apply(NO_PHONE_NUMBER_SEARCH)}
      />
      <OrderListWithCard
        list={list}
        label="Заказы по телефону"
        empty="Заказов по телефону нет."
        basePath="/admin/phone-orders"
        columns={[
          ORDER_COLUMNS.created,
          ORDER_COLUMNS.customer,
          ORDER_COLUMNS.method,
          ORDER_COLUMNS.total(),
          ORDER_COLUMNS.status,
          { head: 'Принял', cell: (order) => order.phoneOrder?.staffLogin ?? '—' },
        ]}
        openId={openId}
        onOpen={(order) => navigate(`/${order.id}`)}
        onClose={() => navigate('/')}
        pager={pager}
        reference={ref}
        scope="phone"
      />
    </section>
  );
}
