// @vitest-environment jsdom
// «Заказ по телефону» (docs/ADMIN.md «Phone orders»): the call centre lands on it; a phone not
// found is created only with the customer's consent; the menu's modifiers go into the quote; the
// totals are the server's quote; refusals show under the control they concern; 'Оформить заказ'
// sends one order with an idempotency key and shows the order card; orders taken by phone are
// marked 'по телефону' in the operators' list.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminMe } from '../../../src/api/contract/admin/auth';
import { AdminCustomer } from '../../../src/api/contract/admin/customers';
import { adminGetOrder, adminListOrders } from '../../../src/api/contract/admin/orders';
import {
  adminPhoneCreateCustomer,
  adminPhoneFindCustomer,
  adminPhoneMenu,
  adminPhoneQuote,
  adminPlacePhoneOrder,
  type PhoneCustomer,
} from '../../../src/api/contract/admin/phoneOrders';
import { adminListCities, adminListRestaurants } from '../../../src/api/contract/admin/settings';
import { type CheckoutRefusal } from '../../../src/api/contract/checkout';
import { Catalog } from '../../../src/api/entities';
import { CITIES, RESTAURANTS, checkoutQuote, listItem, order, staffMember } from './fixtures';
import { CALLCENTRE_SESSION, FakeServer, OPERATOR_SESSION, setupAdmin, type FakeRequest } from './helpers';

const product = (id: string, name: string, price: number, parentGroup: string, groupModifiers: unknown[] = []) => ({
  id,
  name,
  description: '',
  code: id,
  price,
  oldPrice: null,
  weight: null,
  nutrition: null,
  parentGroup,
  slug: id,
  imageUrl: null,
  groupModifiers,
  allergens: [],
  filters: [],
  maxPerPositionInOrder: 0,
  likesCount: 0,
  isLiked: false,
});
const group = (id: string, name: string, isGroupModifier = false) => ({
  id,
  name,
  slug: id,
  parentGroup: null,
  isIncludedInMenu: !isGroupModifier,
  isGroupModifier,
  order: 0,
  imageUrl: null,
});

const CATALOG = Catalog.parse({
  groups: [group('g-pizza', 'Пицца'), group('g-size', 'Размер', true)],
  products: [
    product('pepperoni', 'Пепперони', 600, 'g-pizza', [
      {
        id: 'g-size',
        required: true,
        maxAmount: 1,
        modifiers: [
          { modifierId: 'size-30', price: 0 },
          { modifierId: 'size-40', price: 200 },
        ],
      },
    ]),
    product('size-30', '30 см', 0, 'g-size'),
    product('size-40', '40 см', 200, 'g-size'),
    product('margherita', 'Маргарита', 500, 'g-pizza'),
  ],
  stopList: [{ deliveryTerminalId: 'rest-a', items: [{ productId: 'margherita', balance: 0 }] }],
});

const CUSTOMER: PhoneCustomer = {
  customer: AdminCustomer.parse({
    id: 'user-7',
    phone: '+79145550177',
    name: 'Ольга',
    balance: 300,
    zoneId: null,
    personalData: true,
    PUSHNotifications: false,
    receiveAdvertisingInformation: false,
    userAllergens: [],
    createdAt: '2026-11-01T00:00:00.000Z',
    ordersCount: 2,
  }),
  addresses: [
    {
      id: 'addr-1',
      userId: 'user-7',
      city: 'Ангарск',
      street: 'Ленина',
      home: '5',
      apartment: '12',
      entrance: null,
      floor: null,
      intercom: null,
      comment: null,
      location: null,
    },
  ],
};

function quote(req: FakeRequest, refusals: CheckoutRefusal[] = []) {
  const body = req.body as { order: { items: { amount: number }[]; deliveryMethod: 'delivery' | 'self' } };
  const goods = body.order.items.reduce((sum, i) => sum + i.amount * 800, 0);
  return checkoutQuote({
    deliveryMethod: body.order.deliveryMethod,
    restaurant: {
      deliveryTerminalId: 'rest-a',
      name: 'На Ленина',
      address: 'Ленина, 1',
      phone: '+73955000000',
      cookingMinutes: 30,
      isOpenNow: true,
      hoursText: 'сегодня 10:00–23:00',
      isOnlinePaymentDisabled: false,
      stopped: [],
    },
    goodsTotal: goods,
    deliveryPrice: 150,
    serviceFee: 29,
    total: goods + 179,
    paymentMethods: [
      { method: 'cash', title: 'Наличными', online: false, available: true, reason: null },
      { method: 'courier-card', title: 'Картой курьеру', online: false, available: true, reason: null },
    ],
    refusals,
    canSubmit: refusals.length === 0,
  });
}

const refusal = (
  code: CheckoutRefusal['code'],
  message: string,
  action: CheckoutRefusal['action'],
): CheckoutRefusal => ({
  code,
  message,
  action,
  actionText: '',
  missingSum: null,
  productIds: [],
});

function phoneServer() {
  return new FakeServer()
    .on(adminMe, () => ({ body: staffMember('callcentre') }))
    .on(adminPhoneMenu, () => ({ body: { catalog: CATALOG, cities: [{ id: 'angarsk', name: 'Ангарск' }] } }))
    .on(adminPhoneFindCustomer, () => ({ body: { phone: '+79145550177', found: CUSTOMER } }))
    .on(adminPhoneQuote, (req) => ({ body: quote(req) }));
}

async function findCustomer() {
  fireEvent.change(await screen.findByLabelText('Телефон клиента'), { target: { value: '8 914 555-01-77' } });
  fireEvent.click(screen.getByRole('button', { name: 'Найти' }));
  await screen.findByText('Ольга');
}

describe('Заказ по телефону', () => {
  it('the call centre lands on it and sees only it, its phone orders and their password', async () => {
    setupAdmin({ path: '/admin', session: CALLCENTRE_SESSION, server: phoneServer() });
    expect(await screen.findByRole('heading', { name: 'Заказ по телефону' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Разделы панели управления' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Заказ по телефону', 'Заказы по телефону', 'Мой пароль', 'Открыть сайт']);
  });

  it('a bad phone is refused in the field; a new phone is created only with the customer’s consent', async () => {
    const server = phoneServer()
      .on(adminPhoneFindCustomer, () => ({ body: { phone: '+79145550100', found: null } }))
      .on(adminPhoneCreateCustomer, () => ({ body: { ...CUSTOMER, created: true } }));
    setupAdmin({ path: '/admin/phone-order', session: CALLCENTRE_SESSION, server });
    const phone = await screen.findByLabelText('Телефон клиента');
    fireEvent.change(phone, { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Найти' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Неверный формат телефона');
    expect(server.calls(adminPhoneFindCustomer)).toEqual([]);

    fireEvent.change(phone, { target: { value: '+7 914 555 01 00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Найти' }));
    const form = await screen.findByRole('form', { name: 'Новый клиент' });
    fireEvent.change(within(form).getByLabelText('Имя'), { target: { value: 'Ольга' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Создать клиента' }));
    expect(await within(form).findByText('Спросите у клиента согласие на обработку персональных данных')).toBeTruthy();
    expect(server.calls(adminPhoneCreateCustomer)).toEqual([]);
    fireEvent.click(within(form).getByLabelText('Клиент согласен на обработку персональных данных'));
    fireEvent.click(within(form).getByRole('button', { name: 'Создать клиента' }));
    await screen.findByRole('region', { name: 'Оформление заказа' });
    expect(server.calls(adminPhoneCreateCustomer)[0]?.body).toEqual({
      phone: '+79145550100',
      name: 'Ольга',
      consent: true,
    });
  });

  it('modifiers go into the quote, the totals are the quote’s, refusals show where they belong, one click places one order', async () => {
    let refusals: CheckoutRefusal[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const placed = {
      ...order({ id: 'order-9', number: 555 }),
      phoneOrder: { staffId: 'staff-5', staffLogin: 'vera', takenAt: '2026-11-23T03:00:00.000Z' },
    };
    const server = phoneServer()
      .on(adminPhoneQuote, (req) => ({ body: quote(req, refusals) }))
      .on(adminPlacePhoneOrder, async () => {
        await held;
        return { body: placed };
      });
    setupAdmin({ path: '/admin/phone-order', session: CALLCENTRE_SESSION, server });
    await findCustomer();
    // the quote's restaurant has Маргарита on its stop list
    expect(await screen.findByText(/Маргарита — 500\s₽ \(стоп-лист ресторана\)/)).toBeTruthy();
    expect(screen.getByText(/Пепперони — 600\s₽$/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Добавить «Пепперони»' }));
    const dialog = await screen.findByRole('dialog', { name: 'Выберите размер: Пепперони' });
    fireEvent.click(within(dialog).getByLabelText(/40 см/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'В корзину' }));
    await waitFor(() =>
      expect((server.calls(adminPhoneQuote).at(-1)?.body as { order: { items: unknown[] } }).order.items).toEqual([
        { productId: 'pepperoni', amount: 1, mods: [{ id: 'size-40', amount: 1, groupId: 'g-size' }] },
      ]),
    );
    expect((await screen.findByTestId('phone-total')).textContent).toMatch(/979/);
    expect(screen.getByText(/Пепперони \(40 см\) × 1/)).toBeTruthy();

    // the server's refusals, each under its control
    refusals = [
      refusal('outside-zone', 'Адрес вне зоны доставки', 'change-address'),
      refusal('coupon-refused', 'Купон не найден', 'change-coupon'),
    ];
    fireEvent.change(screen.getByLabelText('Промокод'), { target: { value: 'NOSUCH' } });
    fireEvent.click(screen.getByRole('button', { name: 'Применить промокод' }));
    const address = screen.getByLabelText('Адрес');
    await waitFor(() => expect(address.parentElement?.textContent).toContain('Адрес вне зоны доставки'));
    expect(screen.getByLabelText('Промокод').parentElement?.textContent).toContain('Купон не найден');

    refusals = [];
    fireEvent.change(screen.getByLabelText('Промокод'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Применить промокод' }));
    fireEvent.change(screen.getByLabelText('Комментарий'), { target: { value: 'Позвонить за час' } });
    const submit = screen.getByRole('button', { name: 'Оформить заказ' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    release();
    const card = await screen.findByRole('article', { name: 'Карточка заказа' });
    expect(within(card).getByRole('heading').textContent).toContain('Заказ №555');
    expect(within(card).getByText(/по телефону, принял vera/)).toBeTruthy();
    // the call centre does not reach the orders screen: the card links to its own «Заказы по телефону»
    expect(within(card).getByRole('link', { name: 'Открыть заказ' }).getAttribute('href')).toMatch(
      /\/admin\/phone-orders\/[^/]+$/,
    );
    expect(server.calls(adminPlacePhoneOrder)).toHaveLength(1);
    const sent = server.calls(adminPlacePhoneOrder)[0]?.body as {
      customerId: string;
      idempotencyKey: string;
      order: Record<string, unknown>;
    };
    expect(sent.customerId).toBe('user-7');
    expect(sent.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
    expect(sent.order).toMatchObject({
      addressId: 'addr-1',
      paymentMethod: 'cash',
      deliveryTime: 'asap',
      comment: 'Позвонить за час',
    });
  });

  it('a refusal of the order itself is shown under the part it concerns', async () => {
    const server = phoneServer().on(adminPlacePhoneOrder, () => ({
      status: 422,
      body: { message: 'Нет в наличии в выбранном ресторане: «Пепперони»', code: 'stop-list' },
    }));
    setupAdmin({ path: '/admin/phone-order', session: CALLCENTRE_SESSION, server });
    await findCustomer();
    fireEvent.click(await screen.findByRole('button', { name: 'Добавить «Маргарита»' }));
    await screen.findByText(/Маргарита × 1/);
    fireEvent.click(screen.getByRole('button', { name: 'Оформить заказ' }));
    const cart = screen.getByRole('region', { name: 'Корзина' });
    await waitFor(() =>
      expect(
        within(cart.parentElement ?? cart)
          .getAllByRole('alert')
          .map((a) => a.textContent),
      ).toContain('Нет в наличии в выбранном ресторане: «Пепперони»'),
    );
  });
});

describe('the orders list', () => {
  it('marks an order taken by phone as «по телефону»', async () => {
    const phoneOrder = {
      ...order({ id: 'order-9', number: 555 }),
      phoneOrder: { staffId: 'staff-5', staffLogin: 'vera', takenAt: '2026-11-23T03:00:00.000Z' },
    };
    const server = new FakeServer()
      .on(adminMe, () => ({ body: staffMember('operator') }))
      .on(adminListCities, () => ({ body: { cities: CITIES } }))
      .on(adminListRestaurants, () => ({ body: { restaurants: RESTAURANTS } }))
      .on(adminListOrders, () => ({ body: { orders: [listItem(phoneOrder), listItem(order())], total: 2 } }))
      .on(adminGetOrder, () => ({ body: phoneOrder }));
    setupAdmin({ path: '/admin/orders/order-9', session: OPERATOR_SESSION, server });
    const row = (await screen.findByText('555')).closest('tr');
    expect(row?.textContent).toContain('по телефону');
    const other = (await screen.findByText('101')).closest('tr');
    expect(other?.textContent).not.toContain('по телефону');
    const card = await screen.findByRole('complementary', { name: 'Заказ' });
    expect(await within(card).findByText(/по телефону, принял vera/)).toBeTruthy();
  });
});
