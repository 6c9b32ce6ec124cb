// How the phone order reaches the customer: delivery (a saved address or a new one, checked against
// the zones by the server's quote) or pickup (a restaurant of the city), the time (ASAP or a slot of
// the quote, the storefront's slot rules), the payment on receipt, the change and the comment. Each
// refusal of the quote is shown under the control it concerns.
import { useState } from 'react';
import type { CheckoutQuote } from '../../../api/contract/checkout';
import type { OrderAddress } from '../../../api/contract/orders';
import { PHONE_PAYMENT_METHODS } from '../../../api/contract/admin/phoneOrders';
import type { Address, DeliveryMethod } from '../../../api/entities';
import { PaymentMethodTitle } from '../../../api/contract/checkout';
import { addressLine } from '../orders/labels';
import { FormError, SelectField } from '../kit/fields';
import { addressFieldsOf, typedAddress } from '../../components/addressFields';
import { AddressFieldsGrid, ChangeAndComment, DeliveryTimeSelect } from './FulfilmentFields';
import { cx } from '../ui';
import { messagesAt } from './phoneDraft';
import s from '../admin.module.css';

export type PhonePayment = (typeof PHONE_PAYMENT_METHODS)[number];

export interface Fulfilment {
  method: DeliveryMethod;
  /** A saved address's id, or 'new' for the typed one. */
  addressChoice: string;
  /** The typed address once 'Проверить адрес' sent it to the quote. */
  address: OrderAddress | null;
  terminalId: string;
  time: string;
  payment: PhonePayment;
  changeFrom: string;
  comment: string;
}

const NEW = 'new';

export const emptyFulfilment = (addresses: readonly Address[]): Fulfilment => ({
  method: 'delivery',
  addressChoice: addresses[0]?.id ?? NEW,
  address: null,
  terminalId: '',
  time: 'asap',
  payment: 'cash',
  changeFrom: '',
  comment: '',
});

function NewAddressForm({ onCheck }: { onCheck: (address: OrderAddress) => void }) {
  const [f, setF] = useState(() => addressFieldsOf(null));
  const [error, setError] = useState<string | null>(null);
  return (
    <div className={s.panel}>
      <AddressFieldsGrid value={f} onChange={(key, v) => setF((c) => ({ ...c, [key]: v }))} withComment={false} />
      <FormError error={error} />
      <button
        type="button"
        className={cx(s.button, s.secondary)}
        onClick={() => {
          if (f.street.trim() === '' || f.home.trim() === '') {
            setError('Укажите улицу и дом');
            return;
          }
          setError(null);
          onCheck(typedAddress(f, '', null));
        }}
      >
        Проверить адрес
      </button>
    </div>
  );
}

interface Props {
  value: Fulfilment;
  onChange: (next: Fulfilment) => void;
  addresses: readonly Address[];
  quote: CheckoutQuote | undefined;
}

export function PhoneFulfilment({ value, onChange, addresses, quote }: Props) {
  const set = (patch: Partial<Fulfilment>) => onChange({ ...value, ...patch });
  const refusals = quote?.refusals ?? [];
  const slots = quote?.slots;
  const payments = (quote?.paymentMethods ?? []).filter((p) =>
    (PHONE_PAYMENT_METHODS as readonly string[]).includes(p.method),
  );
  return (
    <section aria-label="Получение и оплата">
      <SelectField
        label="Способ получения"
        value={value.method}
        onChange={(v) => set({ method: v === 'self' ? 'self' : 'delivery', time: 'asap' })}
        options={[
          { value: 'delivery', label: 'Доставка' },
          { value: 'self', label: 'Самовывоз' },
        ]}
      />
      {value.method === 'delivery' ? (
        <>
          <SelectField
            label="Адрес"
            value={value.addressChoice}
            error={messagesAt(refusals, 'address')}
            hint={quote?.zone ? `Зона «${quote.zone.name}»` : undefined}
            onChange={(v) => set({ addressChoice: v, address: null })}
            options={[
              ...addresses.map((a) => ({ value: a.id, label: addressLine(a) })),
              { value: NEW, label: 'Новый адрес' },
            ]}
          />
          {value.addressChoice === NEW ? <NewAddressForm onCheck={(address) => set({ address })} /> : null}
        </>
      ) : (
        <SelectField
          label="Ресторан"
          value={value.terminalId}
          error={messagesAt(refusals, 'restaurant')}
          onChange={(v) => set({ terminalId: v })}
          empty="Выберите ресторан"
          options={(quote?.restaurants ?? []).map((r) => ({
            value: r.deliveryTerminalId,
            label: `${r.name}, ${r.address} (${r.hoursText})`,
          }))}
        />
      )}
      <DeliveryTimeSelect
        value={value.time}
        days={slots?.days ?? []}
        error={messagesAt(refusals, 'time')}
        onChange={(v) => set({ time: v })}
      />
      <SelectField
        label="Оплата"
        value={value.payment}
        error={messagesAt(refusals, 'payment')}
        hint="Онлайн-оплата по телефону не принимается: ссылку на оплату клиенту не отправить"
        onChange={(v) => set({ payment: v === 'courier-card' ? 'courier-card' : 'cash' })}
        options={(payments.length > 0 ? payments : PHONE_PAYMENT_METHODS.map((method) => ({ method }))).map((p) => ({
          value: p.method,
          label: PaymentMethodTitle[p.method],
        }))}
      />
      <ChangeAndComment
        cash={value.payment === 'cash'}
        changeFrom={value.changeFrom}
        onChangeFrom={(v) => set({ changeFrom: v })}
        comment={value.comment}
        onComment={(v) => set({ comment: v })}
      />
    </section>
  );
}
