// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Modal } from '../../src/events/modal';
import { settingsWith } from '../fixtures/settings';
import { readyState } from '../fixtures/state';
import { PRODUCT } from '../fixtures/catalog';
import { plain, setup } from './helpers';

function openModal(modal: Modal, options: Parameters<typeof setup>[0] = {}) {
  const app = setup(options);
  act(() => app.store.dispatch({ type: 'OpenModal', data: { modal } }));
  return app;
}

describe('modal host (PRODUCT.md §2 modal dialogs)', () => {
  it("city selection 'Выберите свой город' has no close button and ignores Escape and the backdrop", async () => {
    const app = openModal({ kind: 'city' });
    const dialog = await screen.findByRole('dialog', { name: 'Выберите свой город' });
    expect(within(dialog).queryByRole('button', { name: 'Закрыть' })).toBeNull();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.mouseDown(screen.getByTestId('modal-backdrop'));
    expect(screen.getByRole('dialog', { name: 'Выберите свой город' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Шелехов' }));
    expect(app.commands).toContainEqual({ type: 'SelectCity', data: { cityId: 'city-shelekhov' } });
  });

  it("snack gift 'При заказе 3х любых закусок - картофель фри в подарок' closes on Escape", async () => {
    const app = openModal({ kind: 'snackGift' });
    const dialog = await screen.findByRole('dialog', { name: 'При заказе 3х любых закусок - картофель фри в подарок' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(app.commands).toContainEqual({ type: 'CloseModal', data: { kind: 'snackGift' } });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a closable modal closes on a backdrop click and locks the page scroll while open', async () => {
    openModal({ kind: 'snackGift' });
    await screen.findByRole('dialog');
    expect(document.body.classList.contains('scroll-locked')).toBe(true);
    fireEvent.mouseDown(screen.getByTestId('modal-backdrop'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.classList.contains('scroll-locked')).toBe(false);
  });

  it("work time: 'Сейчас нерабочее время, приносим свои извинения.'", async () => {
    openModal({ kind: 'workTime' });
    expect(await screen.findByText('Сейчас нерабочее время, приносим свои извинения.')).toBeTruthy();
  });

  it("site not working: the default text 'По техническим причинам прием заказов временно невозможен приносим свои извинения'", async () => {
    openModal({ kind: 'siteNotWorking' });
    expect(
      await screen.findByText('По техническим причинам прием заказов временно невозможен приносим свои извинения'),
    ).toBeTruthy();
  });

  it('site not working: TEXT_SITE_NOT_WORKING replaces the default when set', async () => {
    const state = readyState({ settings: settingsWith({ TEXT_SITE_NOT_WORKING: 'Закрыто на санитарный день' }) });
    openModal({ kind: 'siteNotWorking' }, { state });
    expect(await screen.findByText('Закрыто на санитарный день')).toBeTruthy();
  });

  it("confirm lists each cart validation reason with the button 'Ок'", async () => {
    const messages = [
      'Товар "Филадельфия" в данный момент отсутствует в каталоге и будет удален из корзины',
      'Цена товара "Калифорния" изменилась и будет удален из корзины',
    ];
    const app = openModal({ kind: 'confirm', title: null, messages, confirmText: 'Ок' });
    for (const m of messages) expect(await screen.findByText(m)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ок' }));
    expect(app.commands).toContainEqual({ type: 'CloseModal', data: { kind: 'confirm' } });
  });

  it.each([
    [{ kind: 'catalogMenu' } as Modal, 'Меню:'],
    [{ kind: 'deliveryMethod' } as Modal, 'Доставить или заберёте?'],
    [{ kind: 'restaurants' } as Modal, 'Выберите ресторан'],
    [{ kind: 'userEdit' } as Modal, 'Редактирование информации'],
    [{ kind: 'modifier', productId: PRODUCT.set, isGift: false, fromPromocode: false } as Modal, 'Выберите ролл'],
    // A pizza chooses its size, not a roll: the title comes from the modifier group.
    [{ kind: 'modifier', productId: PRODUCT.pizza, isGift: false, fromPromocode: false } as Modal, 'Выберите размер'],
    [{ kind: 'emptyCart' } as Modal, 'Ваша корзина пуста'],
  ])('%o has the title %s', async (modal, title) => {
    openModal(modal);
    expect(await screen.findByRole('dialog', { name: title })).toBeTruthy();
  });

  it("'Доставить или заберёте?': choosing pickup dispatches ChangeDeliveryMethod self and opens the restaurant list", async () => {
    const app = openModal({ kind: 'deliveryMethod' });
    fireEvent.click(await screen.findByRole('button', { name: /Самовывоз/ }));
    expect(app.commands).toContainEqual({ type: 'ChangeDeliveryMethod', data: { method: 'self' } });
    expect(await screen.findByRole('dialog', { name: 'Выберите ресторан' })).toBeTruthy();
  });

  it("'Выберите ролл' adds the product with the chosen roll", async () => {
    const app = openModal({ kind: 'modifier', productId: PRODUCT.set, isGift: false, fromPromocode: false });
    await screen.findByRole('dialog', { name: 'Выберите ролл' });
    fireEvent.click(screen.getByRole('radio', { name: /Калифорния/ }));
    fireEvent.click(screen.getByRole('button', { name: /Добавить за/ }));
    const add = app.commands.find((c) => c.type === 'AddItem');
    expect(add).toEqual({
      type: 'AddItem',
      data: {
        productId: PRODUCT.set,
        mods: [{ id: expect.any(String), amount: 1, groupId: expect.any(String) }],
        isGift: false,
        fromPromocode: false,
      },
    });
    expect(screen.queryByRole('dialog', { name: 'Выберите ролл' })).toBeNull();
  });

  it("product detail: 'от' price, allergens, required size preselected, add with mods", async () => {
    const app = openModal({ kind: 'product', productId: PRODUCT.pizza });
    const dialog = await screen.findByRole('dialog', { name: 'Пепперони' });
    expect(plain(within(dialog).getByTestId('price-label').textContent)).toBe('от 450 ₽');
    expect(within(dialog).getByText(/Глютен/)).toBeTruthy();
    expect((within(dialog).getByRole('radio', { name: /25 см/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: /В корзину за/ }));
    const add = app.commands.find((c) => c.type === 'AddItem');
    expect(add?.type === 'AddItem' && add.data.mods?.length).toBe(1);
  });

  it('focus stays inside the dialog on Tab from the last control', async () => {
    openModal({ kind: 'confirm', title: 'Внимание', messages: ['Текст'], confirmText: 'Ок' });
    const dialog = await screen.findByRole('dialog', { name: 'Внимание' });
    const ok = within(dialog).getByRole('button', { name: 'Ок' });
    ok.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Закрыть' }));
  });
});
