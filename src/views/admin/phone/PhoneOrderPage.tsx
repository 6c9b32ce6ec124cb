// «Заказ по телефону» (the call centre and above): the caller's phone, then the menu, the cart with
// the server's quote for that customer, delivery or pickup, time, payment and comment; 'Оформить
// заказ' places it through the storefront's checks and shows the order card. A refusal is shown at
// the control it concerns (phoneDraft.ts placeOf). See docs/ADMIN.md «Phone orders».
import { useMemo, useState } from 'react';
import { adminPhoneMenu, adminPhoneQuote, adminPlacePhoneOrder } from '../../../api/contract/admin/phoneOrders';
import type { AdminOrderDetail } from '../../../api/contract/admin/orders';
import type { PhoneCustomer } from '../../../api/contract/admin/phoneOrders';
import { ApiFailure, failureMessage } from '../../../api/adminApi';
import { stoppedProductIds } from '../../../domain/catalog';
import { useAdminServices } from '../data/context';
import { useAdminQuery } from '../data/hooks';
import { CitySelect, FormError } from '../kit/fields';
import { PageHead, QueryView, cx } from '../ui';
import { PhoneCart } from './PhoneCart';
import { PhoneCustomerStep } from './PhoneCustomerStep';
import { emptyFulfilment, PhoneFulfilment, type Fulfilment } from './PhoneFulfilment';
import { PhoneMenu } from './PhoneMenu';
import { PlacedOrderCard } from './PlacedOrderCard';
import { addLine, changeAmount, itemsOf, placeOf, type DraftLine, type RefusalPlace } from './phoneDraft';
import s from '../admin.module.css';

/** A fresh key per order being taken (crypto.getRandomValues works on plain http too). */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function OrderForm({ customer, onPlaced }: { customer: PhoneCustomer; onPlaced: (order: AdminOrderDetail) => void }) {
  const { api, toasts } = useAdminServices();
  const menu = useAdminQuery(adminPhoneMenu);
  const [cityId, setCityId] = useState('');
  const [lines, setLines] = useState<DraftLine[]>([]);
  const [coupon, setCoupon] = useState('');
  const [spendBonus, setSpendBonus] = useState(0);
  const [how, setHow] = useState<Fulfilment>(() => emptyFulfilment(customer.addresses));
  const [key] = useState(newKey);
  const [placing, setPlacing] = useState(false);
  const [placeError, setPlaceError] = useState<{ place: RefusalPlace; message: string } | null>(null);
  const city = cityId || menu.data?.cities[0]?.id || '';
  const change = Number(how.changeFrom.trim());
  const order = {
    cityId: city,
    deliveryMethod: how.method,
    items: itemsOf(lines),
    coupon: coupon === '' ? null : coupon,
    spendBonus,
    address: how.method === 'delivery' && how.addressChoice === 'new' ? how.address : null,
    addressId: how.method === 'delivery' && how.addressChoice !== 'new' ? how.addressChoice : null,
    deliveryTerminalId: how.method === 'self' && how.terminalId !== '' ? how.terminalId : null,
    deliveryTime: how.time,
    paymentMethod: how.payment,
    changeFrom: how.payment === 'cash' && how.changeFrom.trim() !== '' && Number.isInteger(change) ? change : null,
  };
  const quote = useAdminQuery(
    adminPhoneQuote,
    { body: { customerId: customer.customer.id, order: { ...order, expectedTotal: null, consent: null } } },
    { enabled: city !== '' },
  );
  const terminal = quote.data?.restaurant?.deliveryTerminalId ?? null;
  const stopped = useMemo(
    () => new Set(terminal && menu.data ? stoppedProductIds(menu.data.catalog.stopList, terminal) : []),
    [menu.data, terminal],
  );
  const edit = (fn: () => void) => {
    setPlaceError(null);
    fn();
  };

  const place = async () => {
    if (placing) return;
    setPlacing(true);
    try {
      const placed = await api.call(adminPlacePhoneOrder, {
        body: {
          customerId: customer.customer.id,
          idempotencyKey: key,
          order: { ...order, comment: how.comment.trim(), expectedTotal: quote.data?.total ?? null },
        },
      });
      toasts.push('success', `Заказ №${placed.number} оформлен`);
      onPlaced(placed);
    } catch (error) {
      const message = failureMessage(error);
      setPlaceError({ place: error instanceof ApiFailure ? placeOf(error.code ?? '') : 'general', message });
      toasts.push('error', message);
      quote.reload();
    } finally {
      setPlacing(false);
    }
  };

  const errorAt = (where: RefusalPlace) => (
    <FormError error={placeError?.place === where ? placeError.message : null} />
  );

  return (
    <QueryView query={menu}>
      {(data) => (
        <div className={s.split}>
          <div>
            <CitySelect cities={data.cities} value={city} onChange={(v) => edit(() => setCityId(v))} />
            <PhoneMenu
              catalog={data.catalog}
              stopped={stopped}
              onAdd={(product, mods) => edit(() => setLines((l) => addLine(l, product.id, product.name, mods)))}
            />
          </div>
          <section className={s.panel} aria-label="Оформление заказа">
            <p>
              Клиент: <strong>{customer.customer.name || 'без имени'}</strong>, {customer.customer.phone}, бонусов:{' '}
              {customer.customer.balance}
            </p>
            <PhoneCart
              lines={lines}
              quote={quote.data}
              balance={customer.customer.balance}
              onAmount={(k, d) => edit(() => setLines((l) => changeAmount(l, k, d)))}
              coupon={coupon}
              onCoupon={(c) => edit(() => setCoupon(c))}
              spendBonus={spendBonus}
              onSpendBonus={(n) => edit(() => setSpendBonus(n))}
            />
            {errorAt('cart')}
            {errorAt('coupon')}
            {errorAt('bonus')}
            <PhoneFulfilment
              value={how}
              onChange={(next) => edit(() => setHow(next))}
              addresses={customer.addresses}
              quote={quote.data}
            />
            {errorAt('address')}
            {errorAt('restaurant')}
            {errorAt('time')}
            {errorAt('payment')}
            {errorAt('general')}
            <FormError error={quote.state.status === 'error' ? quote.state.message : null} />
            {quote.data && lines.length > 0
              ? quote.data.refusals
                  .filter((r) => placeOf(r.code) === 'general')
                  .map((r) => (
                    <p key={r.code} className={s.fieldError} role="alert">
                      {r.message}
                    </p>
                  ))
              : null}
            <button
              type="button"
              className={cx(s.button)}
              disabled={placing || lines.length === 0}
              onClick={() => void place()}
            >
              Оформить заказ
            </button>
          </section>
        </div>
      )}
    </QueryView>
  );
}

export default function PhoneOrderPage() {
  const [customer, setCustomer] = useState<PhoneCustomer | null>(null);
  const [placed, setPlaced] = useState<AdminOrderDetail | null>(null);
  const [round, setRound] = useState(0);
  const restart = () => {
    setCustomer(null);
    setPlaced(null);
    setRound((n) => n + 1);
  };
  return (
    <section>
      <PageHead title="Заказ по телефону" />
      {placed ? (
        <PlacedOrderCard order={placed} onNext={restart} />
      ) : customer ? (
        <>
          <button type="button" className={cx(s.button, s.secondary)} onClick={restart}>
            Другой клиент
          </button>
          <OrderForm key={`${round}-${customer.customer.id}`} customer={customer} onPlaced={setPlaced} />
        </>
      ) : (
        <PhoneCustomerStep key={round} onChosen={setCustomer} />
      )}
    </section>
  );
}
