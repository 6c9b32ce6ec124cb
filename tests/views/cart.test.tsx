// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CartItem } from '../../src/api/entities';
import type { AppEvent } from '../../src/events';
import { evolveAll } from '../../src/projections/store';
import { freeDeliveryText, giftProgressText } from '../../src/views/app/cartView';
import { PRODUCT } from '../fixtures/catalog';
import { promoResultApplied } from '../fixtures/cart';
import { settingsWith } from '../fixtures/settings';
import { readyState } from '../fixtures/state';
import { line } from '../commands/helpers';
import { plain, setup } from './helpers';

const added = (l: CartItem): AppEvent => ({ type: 'ItemAdded', data: { line: l } });

describe('cart page (PRODUCT.md §4)', () => {
  it('lists visible lines with steppers; hidden delivery lines only show in the totals', async () => {
    const state = evolveAll(readyState(), [
      added(line('l1', PRODUCT.phila, 1)),
      { type: 'DeliveryLineAdded', data: { line: line('d1', PRODUCT.delivery, 1, { isHidden: true }) } },
    ]);
    const app = setup({ path: '/angarsk/cart', state });
    const lines = await screen.findAllByTestId('cart-line');
    expect(lines).toHaveLength(1);
    expect(within(lines[0]!).getByText('Филадельфия')).toBeTruthy();
    expect(screen.getByText('Доставка', { selector: 'dt' })).toBeTruthy();
    // 450 ₽ + delivery 150 ₽ + the city's service fee 29 ₽: every charged line shows in the cart.
    expect(plain(screen.getByTestId('cart-total').textContent)).toBe('629 ₽');
    fireEvent.click(within(lines[0]!).getByRole('button', { name: 'Увеличить' }));
    expect(app.commands).toContainEqual({ type: 'ChangeQuantity', data: { lineId: 'l1', quantity: 2 } });
    fireEvent.click(within(screen.getAllByTestId('cart-line')[0]!).getByRole('button', { name: 'Уменьшить' }));
    expect(app.commands).toContainEqual({ type: 'ChangeQuantity', data: { lineId: 'l1', quantity: 1 } });
    // Opening the cart page starts the cart init (catalogue refresh, then validation).
    await waitFor(() => expect(app.commands).toContainEqual({ type: 'InitCart', data: {} }));
  });

  it("free-delivery progress: 'до бесплатной доставки осталось N ₽'", async () => {
    setup({ path: '/angarsk/cart', state: evolveAll(readyState(), [added(line('l1', PRODUCT.california, 1))]) });
    expect(plain((await screen.findByText(/до бесплатной доставки осталось/)).textContent)).toBe(
      'до бесплатной доставки осталось 610 ₽',
    );
    expect(freeDeliveryText(1000, 1000)).toBeNull();
  });

  it("snack gift progress: 'ещё 1 закуска — и картофель фри в подарок' with two snacks", async () => {
    setup({
      path: '/angarsk/cart',
      state: evolveAll(readyState(), [added(line('l1', PRODUCT.nuggets, 1)), added(line('l2', PRODUCT.wings, 1))]),
    });
    expect(plain((await screen.findByText(/картофель фри в подарок/)).textContent)).toBe(
      'ещё 1 закуска — и картофель фри в подарок',
    );
    expect(plain(giftProgressText(1))).toBe('ещё 2 закуски — и картофель фри в подарок');
    expect(giftProgressText(3)).toBeNull();
    expect(giftProgressText(0)).toBeNull();
  });

  it("the coupon field is hidden when the city's isPromocodeHide is set", async () => {
    const base = readyState();
    const cityData = base.setting.settings!.CITIES_DATA;
    const hidden = Object.fromEntries(Object.entries(cityData).map(([k, v]) => [k, { ...v, isPromocodeHide: true }]));
    const state = evolveAll(readyState({ settings: settingsWith({ CITIES_DATA: hidden }) }), [
      added(line('l1', PRODUCT.phila, 1)),
    ]);
    setup({ path: '/angarsk/cart', state });
    await screen.findAllByTestId('cart-line');
    expect(screen.queryByLabelText('Промокод')).toBeNull();
  });

  it('a coupon is applied by ApplyCoupon', async () => {
    const app = setup({ path: '/angarsk/cart', state: evolveAll(readyState(), [added(line('l1', PRODUCT.phila, 1))]) });
    fireEvent.change(await screen.findByLabelText('Промокод'), { target: { value: 'SALE10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Применить' }));
    expect(app.commands).toContainEqual({ type: 'ApplyCoupon', data: { coupon: 'SALE10' } });
    // Not 'applied' until the promotion engine says so.
    expect(await screen.findByText('Проверяем промокод…')).toBeTruthy();
    expect(screen.queryByTestId('coupon-applied')).toBeNull();
  });

  /** A cart of one Филадельфия with `coupon` sent to the promotion engine and its answer in. */
  const cartWithCouponAnswered = (coupon: string, couponError: string | null, discountTotal: number) =>
    evolveAll(readyState(), [
      added(line('l1', PRODUCT.phila, 1)),
      { type: 'CouponApplied', data: { coupon } },
      { type: 'PromoRequested', data: {} },
      promoAnswer(couponError, discountTotal),
    ]);

  const promoAnswer = (couponError: string | null, discountTotal: number): AppEvent => ({
    type: 'PromoResultApplied',
    data: {
      discountTotal,
      lostGift: [],
      freeProducts: [],
      loyaltyProgramErrors: couponError === null ? [] : [couponError],
      allowedBonus: 0,
      freeDelivery: false,
      couponError,
    },
  });

  it('a coupon the promotion engine refused stays in the field, marked invalid, with the rule it broke (PRODUCT.md §8)', async () => {
    const reason = 'Купон действует только при самовывозе';
    setup({ path: '/angarsk/cart', state: cartWithCouponAnswered('SELF20', reason, 0) });
    const field = await screen.findByRole('textbox', { name: 'Промокод' });
    expect((field as HTMLInputElement).value).toBe('SELF20');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const described = document.getElementById(field.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe(`Промокод не применён: ${reason}`);
    expect(screen.queryByTestId('coupon-applied')).toBeNull();
    // Said once, at the field: not again among the cart's notices.
    expect(screen.getAllByText(new RegExp(reason))).toHaveLength(1);
  });

  it('a coupon the promotion engine accepted shows as applied, with its discount in the totals', async () => {
    setup({ path: '/angarsk/cart', state: cartWithCouponAnswered('SALE10', null, 45) });
    expect(plain((await screen.findByTestId('coupon-applied')).textContent)).toContain('SALE10 — промокод применён');
    expect(screen.queryByRole('textbox', { name: 'Промокод' })).toBeNull();
    expect(plain(screen.getByText('Скидка', { selector: 'dt' }).nextElementSibling?.textContent)).toBe('−45 ₽');
  });

  it("'Добавить к заказу' and 'Дополнительно' list the sections of the settings", async () => {
    setup({ path: '/angarsk/cart', state: evolveAll(readyState(), [added(line('l1', PRODUCT.phila, 1))]) });
    await screen.findAllByTestId('cart-line');
    const s = readyState().setting.settings!;
    const hasAdd = readyState().catalog.catalog!.products.some((p) => p.parentGroup === s.SECTION_ID_ADD_TO_ORDER);
    expect(screen.queryByRole('heading', { name: 'Добавить к заказу' }) !== null).toBe(hasAdd);
  });

  it('the checkout button leads to /checkout under the city', async () => {
    setup({ path: '/angarsk/cart', state: evolveAll(readyState(), [added(line('l1', PRODUCT.phila, 1))]) });
    expect((await screen.findByRole('link', { name: 'Оформить заказ' })).getAttribute('href')).toBe(
      '/angarsk/checkout',
    );
  });

  it("'Пересчитываем скидки…' shows in a line that keeps its place, so the checkout button does not move under a tap", async () => {
    const idle = evolveAll(readyState(), [added(line('l1', PRODUCT.phila, 1))]);
    const first = setup({ path: '/angarsk/cart', state: idle });
    const link = await screen.findByRole('link', { name: 'Оформить заказ' });
    const status = screen.getByTestId('cart-status');
    expect(status.textContent).toBe('');
    expect(status.compareDocumentPosition(link) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    first.unmount();

    setup({ path: '/angarsk/cart', state: evolveAll(idle, [{ type: 'PromoRequested', data: {} }]) });
    await screen.findByRole('link', { name: 'Оформить заказ' });
    expect(screen.getByTestId('cart-status').textContent).toBe('Пересчитываем скидки…');
  });

  it('an empty cart offers the menu', async () => {
    setup({ path: '/angarsk/cart' });
    expect(await screen.findByText('Корзина пуста')).toBeTruthy();
  });
});

describe('bonus spending in the cart', () => {
  it("'Списать бонусы' clamps the amount to what the promo answer allows, not the whole balance", async () => {
    const state = evolveAll(readyState({ signedIn: true }), [
      added(line('l1', PRODUCT.phila, 2)),
      promoResultApplied({ allowedBonus: 120 }),
    ]);
    const app = setup({ path: '/angarsk/cart', state });
    const input = await screen.findByLabelText('Списать бонусы');
    expect(plain(input.closest('form')?.textContent)).toContain('На счёте 500 · можно списать до 120');
    fireEvent.change(input, { target: { value: '300' } });
    fireEvent.click(within(input.closest('form')!).getByRole('button', { name: 'Списать' }));
    expect(app.commands).toContainEqual({ type: 'ChangeSpendBonus', data: { amount: 120 } });
  });
});
