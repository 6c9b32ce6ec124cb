// Customers: find by phone (at least 4 digits), then the customer's orders,
// addresses, bonus balance and ledger, and a balance adjustment that requires a reason.
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useRoute } from 'wouter';
import { adminAdjustBonus, adminFindCustomers, adminGetCustomer } from '../../../api/contract/admin/customers';
import { useAdminAction, useAdminQuery } from '../data/hooks';
import { useReference } from '../data/reference';
import { addressLine } from '../orders/labels';
import { StatusBadge } from '../orders/StatusBadge';
import { NumberField, TextField } from '../kit/fields';
import { ExportButton } from '../kit/ExportButton';
import { adminExportCustomers } from '../../../api/contract/admin/exports';
import { AdminTable, FilterForm } from '../kit/lists';
import { PageHead, QueryView, cx, formatDateTime, formatMoney } from '../ui';
import s from '../admin.module.css';

export const BONUS_REASON_MIN = 3;

const LEDGER_REASONS: Record<string, string> = {
  'order-accrual': 'начисление за заказ',
  'order-spend': 'оплата заказа бонусами',
  'order-cancel-refund': 'возврат за отменённый заказ',
};

function BonusForm({ customerId, onDone }: { customerId: string; onDone: (balance: number) => void }) {
  const action = useAdminAction();
  const [delta, setDelta] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ delta?: string; reason?: string }>({});
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const text = delta.trim().replace(/\s/g, '').replace('−', '-');
    const n = /^[+-]?\d+$/.test(text) ? Number(text) : NaN;
    const problems: { delta?: string; reason?: string } = {};
    if (!Number.isInteger(n) || n === 0 || Math.abs(n) > 1_000_000)
      problems.delta = 'Целое число, не ноль: «500» начислит, «-200» спишет';
    if (reason.trim().length < BONUS_REASON_MIN) problems.reason = 'Укажите причину (не короче 3 символов)';
    setErrors(problems);
    if (problems.delta || problems.reason) return;
    const result = await action.run(
      adminAdjustBonus,
      { params: { id: customerId }, body: { delta: n, reason: reason.trim() } },
      { success: n > 0 ? `Начислено бонусов: ${n}` : `Списано бонусов: ${-n}` },
    );
    if (result.ok) {
      setDelta('');
      setReason('');
      onDone(result.value.balance);
    }
  };
  return (
    <form className={s.panel} onSubmit={(e) => void submit(e)} noValidate aria-label="Изменение бонусов">
      <h3 className={s.dialogTitle}>Изменить баланс бонусов</h3>
      <div className={s.grid2}>
        <NumberField
          label="Сколько бонусов"
          error={errors.delta}
          hint="Положительное — начислить, отрицательное — списать"
          value={delta}
          onChange={setDelta}
        />
        <TextField label="Причина" error={errors.reason} maxLength={300} value={reason} onChange={setReason} />
      </div>
      <button type="submit" className={s.button} disabled={action.pending}>
        Изменить баланс
      </button>
    </form>
  );
}

function CustomerDetail({ id }: { id: string }) {
  const query = useAdminQuery(adminGetCustomer, { params: { id } });
  const ref = useReference();
  return (
    <QueryView query={query}>
      {(data) => {
        const c = data.customer;
        return (
          <div>
            <div className={s.panel}>
              <h2 className={s.title}>{c.name || 'Без имени'}</h2>
              <p>
                {c.phone} · клиент с {formatDateTime(c.createdAt)} · заказов: {c.ordersCount}
              </p>
              <p>
                Баланс бонусов: <strong data-testid="customer-balance">{c.balance}</strong>
              </p>
              <p className={s.muted}>
                Согласия: обработка данных — {c.personalData ? 'да' : 'нет'}, push —{' '}
                {c.PUSHNotifications ? 'да' : 'нет'}, реклама — {c.receiveAdvertisingInformation ? 'да' : 'нет'}
              </p>
            </div>
            <BonusForm customerId={c.id} onDone={() => query.reload()} />
            <h3 className={s.subtitle}>Заказы</h3>
            {data.orders.length === 0 ? (
              <p className={s.muted}>Заказов нет.</p>
            ) : (
              <AdminTable
                label="Заказы клиента"
                columns={['№', 'Создан', 'Ресторан', { label: 'Сумма', num: true }, 'Статус']}
              >
                {data.orders.map((o) => (
                  <tr key={o.id}>
                    <td>
                      <Link href={`~/admin/orders/${o.id}`}>{o.number}</Link>
                    </td>
                    <td>{formatDateTime(o.createdAt)}</td>
                    <td>{ref.restaurantName(o.deliveryTerminalId)}</td>
                    <td className={s.num}>{formatMoney(o.total)}</td>
                    <td>
                      <StatusBadge status={o.status} />
                    </td>
                  </tr>
                ))}
              </AdminTable>
            )}
            <h3 className={s.subtitle}>Адреса</h3>
            {data.addresses.length === 0 ? (
              <p className={s.muted}>Адресов нет.</p>
            ) : (
              <ul className={s.list}>
                {data.addresses.map((a) => (
                  <li key={a.id} className={s.listItem}>
                    {addressLine(a)}
                  </li>
                ))}
              </ul>
            )}
            <h3 className={s.subtitle}>Движение бонусов</h3>
            {data.bonusLedger.length === 0 ? (
              <p className={s.muted}>Записей нет.</p>
            ) : (
              <AdminTable label="Движение бонусов">
                {data.bonusLedger.map((e) => (
                  <tr key={e.id}>
                    <td>{formatDateTime(e.createdAt)}</td>
                    <td className={s.num}>{e.delta > 0 ? `+${e.delta}` : e.delta}</td>
                    <td>{LEDGER_REASONS[e.reason] ?? e.reason}</td>
                  </tr>
                ))}
              </AdminTable>
            )}
          </div>
        );
      }}
    </QueryView>
  );
}

export default function CustomersPage() {
  const [, params] = useRoute<{ id: string }>('/:id');
  const [, navigate] = useLocation();
  const [draft, setDraft] = useState('');
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const found = useAdminQuery(adminFindCustomers, { query: { phone } }, { enabled: phone !== '' });
  const submit = () => {
    const digits = draft.replace(/\D/g, '');
    if (digits.length < 4) {
      setError('Введите не меньше 4 цифр телефона');
      return;
    }
    setError(null);
    setPhone(draft.trim());
  };
  return (
    <section>
      <PageHead title="Клиенты">
        <ExportButton route={adminExportCustomers} query={phone === '' ? {} : { phone }} fileName="customers.csv" />
      </PageHead>
      <FilterForm label="Поиск клиента" onSubmit={submit}>
        <TextField
          label="Телефон"
          error={error}
          type="search"
          inputMode="tel"
          placeholder="+7 999 123-45-67 или 4567"
          value={draft}
          onChange={setDraft}
        />
      </FilterForm>
      <div className={params ? s.split : undefined}>
        {phone !== '' ? (
          <QueryView query={found}>
            {(data) =>
              data.customers.length === 0 ? (
                <p className={s.empty}>Никого не нашли.</p>
              ) : (
                <ul className={cx(s.list, s.panel)} aria-label="Найденные клиенты">
                  {data.customers.map((c) => (
                    <li key={c.id} className={cx(s.listItem, params?.id === c.id && s.selected)}>
                      <button type="button" className={s.listButton} onClick={() => navigate(`/${c.id}`)}>
                        {c.phone} — {c.name || 'без имени'}
                      </button>
                      <span className={s.muted}>{c.balance} б.</span>
                    </li>
                  ))}
                </ul>
              )
            }
          </QueryView>
        ) : (
          <div />
        )}
        {params ? <CustomerDetail key={params.id} id={params.id} /> : null}
      </div>
    </section>
  );
}
