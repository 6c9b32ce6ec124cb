// @vitest-environment jsdom
// /checkout, /complete, /complete-error and the time modal over the real store.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../src/api/contract/orders';
import { evolveAll } from '../../src/projections/store';
import { TEXT_WORK_TIME } from '../../src/projections/modal';
import { PRODUCT } from '../fixtures/catalog';
import { ANGARSK, FAR_ZONE, NOW, settingsWith, TERMINAL_1 } from '../fixtures/settings';
import { ADDRESS, checkoutState, MIN_SUM_REFUSAL, order, quote, quoted } from '../commands/checkoutFixtures';
import { run } from '../commands/helpers';
import { TITLE_COMPLETE_ERROR } from '../../src/views/pages/CompleteErrorPage';
import { plain, setup } from './helpers';

/** An order the restaurant cancelled («отменён»), paid and discounted as `over` says. */
const cancelledOrder = (over: Partial<Order>) => order({ status: 'Cancelled', statusName: 'отменён', ...over });

/** The order's page (/complete unless told otherwise) with the order already loaded. */
const showOrder = (shown: Order, page = '/angarsk/complete') =>
  setup({ path: `${page}?order=order-1`, state: checkoutState([{ type: 'OrderLoaded', data: { order: shown } }]) });

describe('/checkout', () => {
  it("'Доставить или заберёте?': pickup opens 'Выберите ресторан', and the page asks for a quote", async () => {
    const app = setup({ path: '/angarsk/checkout', state: checkoutState() });
    const method = await screen.findByRole('radiogroup', { name: 'Доставить или заберёте?' });
    await waitFor(() => expect(app.commands).toContainEqual({ type: 'OpenCheckout', data: {} }));
    fireEvent.click(within(method).getByRole('radio', { name: 'Самовывоз' }));
    expect(app.commands).toContainEqual({ type: 'ChangeDeliveryMethod', data: { method: 'self' } });
    expect(await screen.findByRole('dialog', { name: 'Выберите ресторан' })).toBeTruthy();
  });

  it('shows the zone, the quoted totals and CHECKOUT_DELIVERY_TEXT before the customer commits', async () => {
    setup({ path: '/angarsk/checkout', state: quoted(checkoutState()) });
    expect(plain((await screen.findByTestId('checkout-zone')).textContent)).toBe(
      'Зона «Центр»: доставка 150 ₽, бесплатно от 1 000 ₽; минимальная сумма заказа 600 ₽; примерно 60 мин.',
    );
    expect(plain(screen.getByTestId('checkout-total').textContent)).toBe('1 050 ₽');
    expect(screen.getByText('Курьер позвонит за 10 минут')).toBeTruthy();
    expect(screen.queryByTestId('checkout-problems')).toBeNull();
  });

  it("closed hours are checked on the store's clock, not the machine's (the test passed only while Ангарск was open)", async () => {
    setup({ path: '/angarsk/checkout', state: quoted(checkoutState()), now: NOW.tuesdayNight });
    const problems = await screen.findByTestId('checkout-problems');
    expect(problems.querySelector('[data-code="outside-working-hours"]')).not.toBeNull();
  });

  it("a refusal of the quote is shown before submission with what to do ('Минимальная сумма заказа…', 'Перейти в меню')", async () => {
    setup({
      path: '/angarsk/checkout',
      state: quoted(checkoutState(), quote({ refusals: [MIN_SUM_REFUSAL], canSubmit: false })),
    });
    const list = await screen.findByTestId('checkout-problems');
    expect(plain(list.textContent)).toContain(
      'Минимальная сумма заказа для доставки в зону «Центр» — 1 500 ₽ (без учёта доставки)',
    );
    expect(plain(list.textContent)).toContain('Добавьте товаров ещё на 600 ₽');
    expect(within(list).getByRole('link', { name: 'Перейти в меню' }).getAttribute('href')).toBe('/angarsk/catalog');
  });

  it('online payment ways are hidden when IS_ONLINE_PAYMENT_DISABLE is set for delivery', async () => {
    const state = checkoutState([], {
      settings: settingsWith({ IS_ONLINE_PAYMENT_DISABLE: { delivery: true, self: false } }),
    });
    setup({ path: '/angarsk/checkout', state });
    const payment = await screen.findByRole('radiogroup', { name: 'Способ оплаты' });
    expect(
      within(payment)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Наличными', 'Картой курьеру']);
    expect(screen.getByText('Онлайн-оплата сейчас недоступна.')).toBeTruthy();
  });

  it("'Оформить заказ' is disabled while the order is on its way: a second click sends nothing", async () => {
    const app = setup({ path: '/angarsk/checkout', state: quoted(checkoutState()) });
    const button = await screen.findByRole('button', { name: 'Оформить заказ' });
    fireEvent.click(button);
    const sending = await screen.findByRole('button', { name: 'Оформляем заказ…' });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(sending.closest('form') as HTMLFormElement);
    const submitted = app.store
      .entries()
      .flatMap((e) => e.events)
      .filter((e) => e.type === 'OrderSubmitted');
    expect(submitted).toHaveLength(1);
  });

  it('without consent the order is refused on the page', async () => {
    setup({
      path: '/angarsk/checkout',
      state: quoted(checkoutState([{ type: 'ConsentChanged', data: { given: false } }])),
    });
    const list = await screen.findByTestId('checkout-problems');
    expect(list.textContent).toContain('Подтвердите согласие на обработку персональных данных');
    fireEvent.click(screen.getByRole('checkbox', { name: /Я согласен на обработку персональных данных/ }));
    await waitFor(() => expect(screen.queryByTestId('checkout-problems')).toBeNull());
  });

  it('outside working hours: the refusal on the page and, on submit, the work-time modal', async () => {
    const app = setup({ path: '/angarsk/checkout', state: quoted(checkoutState()), now: '2026-11-23T16:30:00.000Z' });
    fireEvent.click(await screen.findByRole('button', { name: 'Оформить заказ' }));
    await waitFor(() => expect(app.store.getState().modal.stack.at(-1)).toEqual({ kind: 'workTime' }));
    expect(screen.getAllByText(TEXT_WORK_TIME).length).toBeGreaterThan(0);
  });

  it('a placed cash order leaves for /complete (the emptied cart does not send the customer home)', async () => {
    const state = quoted(checkoutState());
    const app = setup({ path: '/angarsk/checkout', state });
    fireEvent.click(await screen.findByRole('button', { name: 'Оформить заказ' }));
    app.store.dispatch({ type: 'CompleteOrderPlacement', data: { order: order() } });
    await waitFor(() => expect(app.currentPath()).toBe('/angarsk/complete?order=order-1'));
    expect(app.store.getState().modal.stack).toEqual([]);
  });
});

describe('time modal', () => {
  it("'Как можно скорее' and the 30-minute slots of the quote; choosing one changes the time", async () => {
    const state = evolveAll(quoted(checkoutState()), [{ type: 'ModalOpened', data: { modal: { kind: 'time' } } }]);
    const app = setup({ path: '/angarsk/checkout', state });
    const dialog = await screen.findByRole('dialog', { name: 'Выберите время' });
    expect(within(dialog).getByRole('button', { name: /Как можно скорее/ })).toBeTruthy();
    expect(within(dialog).getByText('Сегодня')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '15:00–15:30' }));
    expect(app.commands).toContainEqual({ type: 'ChangeDeliveryTime', data: { time: '2026-11-23T07:00:00.000Z' } });
    await waitFor(() => expect(plain(screen.getByTestId('checkout-time').textContent)).toBe('Сегодня, 15:00–15:30'));
  });
});

describe('/complete and /complete-error', () => {
  it("the order number, contents, address, and the live status in plain Russian ('принят' → 'готовится')", async () => {
    const state = checkoutState([{ type: 'OrderLoaded', data: { order: order() } }]);
    const app = setup({ path: '/angarsk/complete?order=order-1', state });
    expect((await screen.findByTestId('order-number')).textContent).toBe('Заказ №1042');
    // The page asks for the order from an effect, which may run a moment after its first paint.
    await waitFor(() => expect(app.commands).toContainEqual({ type: 'LoadOrder', data: { orderId: 'order-1' } }));
    expect(screen.getByTestId('order-status').textContent).toBe('принят');
    expect(plain(screen.getByTestId('order-lines').textContent)).toContain('Пепперони (30 см) × 2');
    expect(screen.getByTestId('order-address').textContent).toContain('улица Ленина');
    expect(plain(screen.getByTestId('order-total').textContent)).toBe('1 650 ₽');
    // Only 'принят': the page does not say the cooking has begun until it has.
    expect(screen.getByTestId('order-status-text').textContent).toBe(
      'Спасибо за заказ! Мы его получили и скоро подтвердим.',
    );
    app.store.dispatch({ type: 'ApplyOrderStatus', data: { orderId: 'order-1', status: 'CookingStarted' } });
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('готовится'));
    expect(screen.getByTestId('order-status-text').textContent).toBe('Мы уже начали готовить ваш заказ.');
  });

  it.each([
    ['WaitCooking', 'delivery', 'Спасибо за заказ! Он принят, скоро ресторан начнёт его готовить.'],
    ['CookingCompleted', 'delivery', 'Заказ готов и скоро отправится к вам.'],
    ['CookingCompleted', 'self', 'Заказ готов, скоро его можно будет забрать.'],
    ['OnWay', 'delivery', 'Курьер уже везёт ваш заказ.'],
    ['Delivered', 'delivery', 'Заказ доставлен. Приятного аппетита!'],
    ['Waiting', 'self', 'Заказ готов и ждёт вас в ресторане.'],
    ['Closed', 'self', 'Заказ выполнен. Спасибо, что выбрали нас!'],
  ] as const)('/complete of an order %s (%s) says: %s', async (status, deliveryMethod, sentence) => {
    const shown = order({ status, deliveryMethod });
    showOrder(shown);
    expect((await screen.findByTestId('order-status-text')).textContent).toBe(sentence);
    expect(screen.queryByText(/начали готовить/)).toBeNull();
  });

  it("a cancelled order paid online whose refund is not confirmed yet says the money will come back (not 'оплачен' alone)", async () => {
    const owed = order({ paymentMethod: 'card', paymentStatus: 'paid', status: 'Cancelled' });
    showOrder(owed);
    expect(await screen.findByText(/Картой онлайн — оплачен, деньги будут возвращены/)).toBeTruthy();
  });

  it("a cancelled order on /complete says it is cancelled, where the money and bonuses go, and leads to the menu (no 'Спасибо за заказ')", async () => {
    const cancelled = cancelledOrder({ paymentMethod: 'card', paymentStatus: 'paid', bonusSpent: 200, total: 1450 });
    showOrder(cancelled);
    expect((await screen.findByTestId('order-number')).textContent).toBe('Заказ №1042 отменён');
    expect(screen.queryByText(/Спасибо за заказ/)).toBeNull();
    expect(screen.getByText('Деньги вернутся на карту, обычно в течение нескольких дней.')).toBeTruthy();
    expect(plain(screen.getByText(/вернулись на ваш бонусный счёт/).textContent)).toBe(
      'Бонусы, списанные на заказ (200), вернулись на ваш бонусный счёт.',
    );
    expect(screen.getByRole('link', { name: 'Перейти в меню' }).getAttribute('href')).toBe('/angarsk/catalog');
    expect(screen.queryByRole('link', { name: 'На главную' })).toBeNull();
  });

  it('an order cancelled while /complete is open drops the thanks for the cancellation (a cash order: nothing to pay)', async () => {
    const app = showOrder(order({ bonusSpent: 100, total: 1550 }));
    expect(await screen.findByText('Спасибо за заказ! Мы его получили и скоро подтвердим.')).toBeTruthy();
    app.store.dispatch({ type: 'ApplyOrderStatus', data: { orderId: 'order-1', status: 'Cancelled' } });
    await waitFor(() => expect(screen.getByTestId('order-number').textContent).toBe('Заказ №1042 отменён'));
    expect(screen.getByTestId('order-status').textContent).toBe('отменён');
    expect(screen.queryByText(/Спасибо за заказ/)).toBeNull();
    expect(screen.getByText('Оплачивать его не нужно.')).toBeTruthy();
    expect(plain(screen.getByText(/вернулись на ваш бонусный счёт/).textContent)).toBe(
      'Бонусы, списанные на заказ (100), вернулись на ваш бонусный счёт.',
    );
    expect(screen.getByRole('link', { name: 'Перейти в меню' })).toBeTruthy();
  });

  it("/complete-error for a cancelled order still 'paid' says the money will come back, not 'оплачен — всё в порядке'", async () => {
    const owed = cancelledOrder({ paymentMethod: 'card', paymentStatus: 'paid' });
    showOrder(owed, '/angarsk/complete-error');
    expect((await screen.findByRole('heading', { level: 1, name: 'Заказ №1042 отменён' })).textContent).toBe(
      'Заказ №1042 отменён',
    );
    expect(screen.getByTestId('complete-error-text').textContent).toBe(
      'Деньги вернутся на карту, обычно в течение нескольких дней.',
    );
    expect(screen.queryByText(/всё в порядке/)).toBeNull();
    expect(screen.queryByText(TITLE_COMPLETE_ERROR)).toBeNull();
    expect(screen.getByRole('link', { name: 'Перейти в меню' })).toBeTruthy();
  });

  it('/complete-error for a cancelled order already refunded says the money is back (and the bonuses)', async () => {
    const refunded = cancelledOrder({ paymentMethod: 'sbp', paymentStatus: 'refunded', bonusSpent: 50, total: 1600 });
    showOrder(refunded, '/angarsk/complete-error');
    expect(await screen.findByRole('heading', { level: 1, name: 'Заказ №1042 отменён' })).toBeTruthy();
    expect(screen.getByTestId('complete-error-text').textContent).toBe(
      'Деньги возвращены на счёт, с которого вы платили.',
    );
    expect(screen.queryByText(/не прошла/)).toBeNull();
    expect(plain(screen.getByText(/вернулись на ваш бонусный счёт/).textContent)).toBe(
      'Бонусы, списанные на заказ (50), вернулись на ваш бонусный счёт.',
    );
  });

  it('/complete-error explains the declined payment and keeps the cart', async () => {
    const declined = order({ paymentMethod: 'card', paymentStatus: 'failed', status: 'Cancelled' });
    const state = checkoutState([{ type: 'OrderLoaded', data: { order: declined } }]);
    const app = setup({ path: '/angarsk/complete-error?order=order-1', state });
    expect((await screen.findByTestId('complete-error-text')).textContent).toBe(
      'Оплата заказа №1042 не прошла, деньги не списаны. Заказ отменён.',
    );
    expect(
      screen.getByText('Корзина сохранена: вы можете оплатить заказ ещё раз или выбрать оплату при получении.'),
    ).toBeTruthy();
    expect(app.store.getState().cart.items).toHaveLength(1);
  });
});

describe('address form (delivery)', () => {
  const streets = [
    {
      id: 's1',
      cityIikoId: 'iiko-angarsk',
      name: 'улица Ленина',
      kind: 'улица',
      location: { lat: 52.54, lon: 103.89 },
    },
    {
      id: 's2',
      cityIikoId: 'iiko-angarsk',
      name: 'Ленинградский проспект',
      kind: 'проспект',
      location: { lat: 52.55, lon: 103.88 },
    },
  ];

  it('suggests streets from /cladr, checks the address and shows its zone (price, minimum, time) before saving', async () => {
    const state = checkoutState([
      { type: 'StreetsLoaded', data: { cityIikoId: 'iiko-angarsk', streets } },
      { type: 'ModalOpened', data: { modal: { kind: 'address' } } },
    ]);
    const app = setup({ path: '/angarsk/checkout', state });
    const dialog = await screen.findByRole('dialog', { name: 'Адрес доставки' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Добавить адрес' }));
    const street = within(dialog).getByRole('combobox', { name: 'Улица' });
    fireEvent.change(street, { target: { value: 'Ленин' } });
    expect([...dialog.querySelectorAll('datalist option')].map((o) => o.getAttribute('value'))).toEqual([
      'улица Ленина',
      'Ленинградский проспект',
    ]);
    fireEvent.change(street, { target: { value: 'улица Ленина' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Дом' }), { target: { value: '10' } });
    fireEvent.blur(within(dialog).getByRole('textbox', { name: 'Дом' }));
    expect(app.commands).toContainEqual({ type: 'CheckAddress', data: { street: 'улица Ленина', home: '10' } });
    app.store.dispatch({
      type: 'ApplyAddressCheck',
      data: {
        street: 'улица Ленина',
        home: '10',
        answer: {
          found: true,
          location: { lat: 52.5401, lon: 103.8902 },
          precision: 'house',
          street: 'улица Ленина',
          zone: { ...quote().zone!, name: 'Центр' },
          refusal: null,
        },
      },
    });
    expect(plain((await within(dialog).findByTestId('address-check')).textContent)).toBe(
      'Доставляем: зона «Центр», доставка 150 ₽, минимальная сумма заказа 600 ₽, примерно 60 мин.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить адрес' }));
    expect(app.commands.at(-1)).toMatchObject({
      type: 'CreateAddress',
      data: {
        address: { city: 'Ангарск', street: 'улица Ленина', home: '10', location: { lat: 52.5401, lon: 103.8902 } },
      },
    });
  });

  it("'Сохранить адрес' is ticked for a signed-in customer; unticked, the order goes to the address without saving it", async () => {
    const state = checkoutState([{ type: 'ModalOpened', data: { modal: { kind: 'address' } } }]);
    const app = setup({ path: '/angarsk/checkout', state });
    const dialog = await screen.findByRole('dialog', { name: 'Адрес доставки' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Добавить адрес' }));
    const save = within(dialog).getByRole('checkbox', { name: 'Сохранить адрес' }) as HTMLInputElement;
    expect(save.checked).toBe(true);
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Улица' }), { target: { value: 'улица Мира' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Дом' }), { target: { value: '7' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Квартира' }), { target: { value: '12' } });
    fireEvent.click(save);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Доставить по этому адресу' }));
    expect(app.commands.at(-1)).toMatchObject({
      type: 'UseOneOffAddress',
      data: { address: { city: 'Ангарск', street: 'улица Мира', home: '7', apartment: '12' } },
    });
    expect(app.commands.some((c) => c.type === 'CreateAddress')).toBe(false);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Адрес доставки' })).toBeNull());
    const chosen = screen.getByRole('radio', { name: /улица Мира, 7/ }) as HTMLInputElement;
    expect(chosen.checked).toBe(true);
    expect(plain(chosen.closest('label')?.textContent)).toContain('не сохранён');
    expect((screen.getByRole('radio', { name: /улица Ленина/ }) as HTMLInputElement).checked).toBe(false);
  });

  it("an address out of zone is refused with the server's words and what to do", async () => {
    const refusal = {
      code: 'outside-zone' as const,
      message: 'Адрес вне зоны доставки',
      action: 'change-method' as const,
      actionText: 'Укажите другой адрес или заберите заказ сами',
      missingSum: null,
      productIds: [],
    };
    const state = checkoutState([
      { type: 'AddressesLoaded', data: { addresses: [], selectedId: null } },
      { type: 'ModalOpened', data: { modal: { kind: 'address' } } },
      { type: 'AddressCheckRequested', data: { street: 'посёлок Мегет, улица Садовая', home: '1' } },
      {
        type: 'AddressChecked',
        data: {
          street: 'посёлок Мегет, улица Садовая',
          home: '1',
          answer: {
            found: true,
            location: { lat: 52.41, lon: 104.04 },
            precision: 'street',
            street: 'посёлок Мегет, улица Садовая',
            zone: null,
            refusal,
          },
        },
      },
    ]);
    setup({ path: '/angarsk/checkout', state });
    const dialog = await screen.findByRole('dialog', { name: 'Адрес доставки' });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Улица' }), {
      target: { value: 'посёлок Мегет, улица Садовая' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Дом' }), { target: { value: '1' } });
    expect((await within(dialog).findByTestId('address-check')).textContent).toBe(
      'Адрес вне зоны доставки. Укажите другой адрес или заберите заказ сами',
    );
  });
});

describe('one delivery price in the cart and at checkout', () => {
  const state = () =>
    run(
      [
        { type: 'ApplyAddresses', data: { addresses: [ADDRESS] } },
        { type: 'AddItem', data: { productId: PRODUCT.phila } },
        { type: 'ChangeConsent', data: { given: true } },
      ],
      { ready: { signedIn: true, settings: settingsWith({ CITY_ZONES: { [ANGARSK.id]: [FAR_ZONE] } }) } },
    );
  const deliveryRow = () => plain(screen.getByText('Доставка', { selector: 'dt' }).nextElementSibling?.textContent);

  it("the cart shows the zone's 300 ₽, and so does /checkout before and after the server's quote", async () => {
    const cart = setup({ path: '/angarsk/cart', state: state() });
    await screen.findAllByTestId('cart-line');
    expect(deliveryRow()).toBe('300 ₽');
    const cartTotal = plain(screen.getByTestId('cart-total').textContent);
    // 450 ₽ of goods, the zone's 300 ₽ and the city's 29 ₽ service fee, in the cart already.
    expect(cartTotal).toBe('779 ₽');
    expect(plain(screen.getByText('Сервисный сбор', { selector: 'dt' }).nextElementSibling?.textContent)).toBe('29 ₽');
    cart.unmount();

    const before = setup({ path: '/angarsk/checkout', state: state() });
    await screen.findByTestId('checkout-totals');
    expect(deliveryRow()).toBe('300 ₽');
    expect(plain(screen.getByTestId('checkout-total').textContent)).toBe(cartTotal);
    before.unmount();

    // What the server answers for this zone (tests/server/checkout.test.ts: the zone's deliveryPrice).
    const zone = {
      id: FAR_ZONE.id,
      name: FAR_ZONE.name,
      minSum: 0,
      deliveryPrice: 300,
      freeDeliveryFrom: 1000,
      deliveryMinutes: 90,
      deliveryTerminalId: TERMINAL_1,
    };
    const lines = [
      { productId: PRODUCT.phila, name: 'Филадельфия', amount: 1, price: 450, sum: 450, mods: [], isGift: false },
    ];
    setup({
      path: '/angarsk/checkout',
      state: quoted(state(), quote({ zone, lines, goodsTotal: 450, deliveryPrice: 300, serviceFee: 29, total: 779 })),
    });
    await screen.findByTestId('checkout-zone');
    expect(deliveryRow()).toBe('300 ₽');
    expect(plain(screen.getByTestId('checkout-total').textContent)).toBe(cartTotal);
  });
});
