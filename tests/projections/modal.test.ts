// Modal projection: a stack; several events open or close modals (PRODUCT.md §2 modal list).
import { describe, expect, it } from 'vitest';
import type { AppEvent } from '../../src/events';
import {
  evolveModal,
  initialModal,
  MODAL_TITLES,
  sameModal,
  selectCurrentModal,
  type ModalState,
} from '../../src/projections/modal';

const fold = (events: AppEvent[], s: ModalState = initialModal) => events.reduce(evolveModal, s);

describe('modal projection', () => {
  it('exports the PRODUCT.md §2 titles', () => {
    expect(MODAL_TITLES).toEqual({
      city: 'Выберите свой город',
      userEdit: 'Редактирование информации',
      catalogMenu: 'Меню:',
      deliveryMethod: 'Доставить или заберёте?',
      restaurants: 'Выберите ресторан',
      modifier: 'Выберите ролл',
      snackGift: 'При заказе 3х любых закусок - картофель фри в подарок',
      halfPizza: 'Пицца из половинок',
      workTime: 'Сейчас нерабочее время, приносим свои извинения.',
    });
  });

  it('an equal modal is not stacked twice; it moves to the top', () => {
    const s = fold([
      { type: 'ModalOpened', data: { modal: { kind: 'auth' } } },
      { type: 'ModalOpened', data: { modal: { kind: 'catalogMenu' } } },
      { type: 'AuthRequired', data: { reason: 'like' } },
    ]);
    expect(s.stack).toEqual([{ kind: 'catalogMenu' }, { kind: 'auth' }]);
    expect(
      sameModal(
        { kind: 'confirm', title: null, messages: ['a'], confirmText: 'Ок' },
        { kind: 'confirm', title: null, messages: ['a'], confirmText: 'Ок' },
      ),
    ).toBe(true);
    expect(sameModal({ kind: 'product', productId: 'a' }, { kind: 'product', productId: 'b' })).toBe(false);
  });

  it('the delivery-method choice is replaced by the restaurant list (self) or the address modal (delivery)', () => {
    const s = fold([
      { type: 'ModalOpened', data: { modal: { kind: 'deliveryMethod' } } },
      { type: 'DeliveryMethodChanged', data: { method: 'self', previous: 'delivery' } },
    ]);
    expect(s.stack).toEqual([{ kind: 'restaurants' }]);
    expect(fold([{ type: 'RestaurantSelected', data: { deliveryTerminalId: 't' } }], s).stack).toEqual([]);
  });

  it('CartOpened and LoggedOut close everything but the city modal (it has no close)', () => {
    const s = fold([
      { type: 'CityPromptShown', data: {} },
      { type: 'ModalOpened', data: { modal: { kind: 'product', productId: 'p' } } },
      { type: 'AuthRequired', data: { reason: 'add-item' } },
    ]);
    expect(fold([{ type: 'CartOpened', data: {} }], s).stack).toEqual([{ kind: 'city' }]);
    expect(fold([{ type: 'LoggedOut', data: { reason: 'user' } }], s).stack).toEqual([{ kind: 'city' }]);
    expect(selectCurrentModal(fold([{ type: 'CitySelected', data: { cityId: 'c', slug: 'c' } }], s))).toEqual({
      kind: 'auth',
    });
  });
});
