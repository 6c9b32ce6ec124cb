// @vitest-environment jsdom
// «Изменить» on the order card (docs/ORDER-EDITING.md): offered only before cooking; the order's lines
// in the phone order's cart builder; the totals are the server's quote of the change; saving sends
// the version it was based on and one key; a refusal (409, 422) is shown in the form, which keeps
// what the operator changed.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminMe } from '../../../src/api/contract/admin/auth';
import {
  adminEditOrder,
  adminOrderEditQuote,
  adminOrderEdits,
  type OrderEdit,
} from '../../../src/api/contract/admin/orderEdits';
import { adminGetOrder, adminListOrders, type AdminOrderDetail } from '../../../src/api/contract/admin/orders';
import { adminPhoneMenu } from '../../../src/api/contract/admin/phoneOrders';
import { adminListCities, adminListRestaurants } from '../../../src/api/contract/admin/settings';
import type { OrderStatus } from '../../../src/api/contract/orders';
import { Catalog } from '../../../src/api/entities';
import { CITIES, RESTAURANTS, checkoutQuote, listItem, order, staffMember } from './fixtures';
import { ADMIN_SESSION, FakeServer, setupAdmin, type FakeRequest } from './helpers';
import { draftLinesOf, keptItemsOf } from '../../../src/views/admin/orders/OrderEditForm';

const CATALOG = Catalog.parse({
  groups: [
    {
      id: 'g-rolls',
      name: 'Роллы',
      slug: 'rolls',
      parentGroup: null,
      isIncludedInMenu: true,
      isGroupModifier: false,
      order: 0,
      imageUrl: null,
    },
  ],
  products: [
    {
      id: 'p1',
      name: 'Филадельфия',
      description: '',
      code: 'p1',
      price: 500,
      oldPrice: null,
      weight: null,
      nutrition: null,
      parentGroup: 'g-rolls',
      slug: 'p1',
      imageUrl: null,
      groupModifiers: [],
      allergens: [],
      filters: [],
      maxPerPositionInOrder: 0,
      likesCount: 0,
      isLiked: false,
    },
  ],
  stopList: [],
});

/** Lines the cart builder cannot hold: a half-and-half pizza, a modifier taken twice. */
const HALF = {
  productId: 'half-35',
  name: 'Половинки: Пепперони + Маргарита',
  amount: 1,
  price: 700,
  sum: 700,
  mods: [],
  isGift: false,
  halfPizza: {
    sizeId: 'size-35',
    sizeName: '35 см',
    halves: [
      { productId: 'pepperoni', name: 'Пепперони', price: 700, mods: [] },
      { productId: 'margherita', name: 'Маргарита', price: 600, mods: [] },
    ] as [
      { productId: string; name: string; price: number; mods: [] },
      { productId: string; name: string; price: number; mods: [] },
    ],
  },
};
const DOUBLED = {
  productId: 'p2',
  name: 'Пицца',
  amount: 2,
  price: 600,
  sum: 1200,
  mods: [{ id: 'cheese', name: 'Сыр', amount: 2, price: 50, groupId: 'g-extra' }],
  isGift: false,
};

type EditBody = { changes: { items: { productId: string; amount: number }[] } };

/** The server's quote of the change: 500 ₽ a roll, so the view shows what it is told. */
function quote(req: FakeRequest) {
  const goods = (req.body as EditBody).changes.items.reduce((sum, i) => sum + i.amount * 500, 0);
  return {
    quote: checkoutQuote({ goodsTotal: goods, total: goods }),
    totalBefore: 1000,
    difference: goods - 1000,
    money: 'none',
  };
}

function editServer(status: OrderStatus = 'Unconfirmed', edits: OrderEdit[] = []) {
  const db = new Map<string, AdminOrderDetail>([['o1', order({ id: 'o1', number: 101, status })]]);
  const server = new FakeServer()
    .on(adminMe, () => ({ body: staffMember('admin') }))
    .on(adminListCities, () => ({ body: { cities: CITIES } }))
    .on(adminListRestaurants, () => ({ body: { restaurants: RESTAURANTS } }))
    .on(adminListOrders, () => ({ body: { orders: [...db.values()].map(listItem), total: db.size } }))
    .on(adminGetOrder, (req) => ({ body: db.get(req.params.id ?? '') }))
    .on(adminPhoneMenu, () => ({ body: { catalog: CATALOG, cities: [{ id: 'angarsk', name: 'Ангарск' }] } }))
    .on(adminOrderEditQuote, (req) => ({ body: quote(req) }))
    .on(adminOrderEdits, () => ({ body: { edits } }));
  return { server, db };
}

async function openForm() {
  const panel = await screen.findByRole('complementary', { name: 'Заказ' });
  fireEvent.click(await within(panel).findByRole('button', { name: 'Изменить' }));
  const form = await within(panel).findByRole('region', { name: 'Изменение заказа' });
  return { panel, form };
}

describe('editing an order', () => {
  it('is offered before cooking only', async () => {
    const { server } = editServer('CookingStarted');
    setupAdmin({ path: '/admin/orders/o1', session: ADMIN_SESSION, server });
    const panel = await screen.findByRole('complementary', { name: 'Заказ' });
    await within(panel).findByRole('group', { name: 'Смена статуса' });
    expect(within(panel).queryByRole('button', { name: 'Изменить' })).toBeNull();
  });

  it('+ re-quotes the change and shows the server’s total; saving sends the version, one key and the total seen', async () => {
    const { server, db } = editServer();
    server.on(adminEditOrder, () => {
      const updated = { ...db.get('o1')!, total: 1500, updatedAt: '2026-11-23T03:05:00.000Z' };
      db.set('o1', updated);
      return { body: updated };
    });
    setupAdmin({ path: '/admin/orders/o1', session: ADMIN_SESSION, server });
    const { panel, form } = await openForm();
    await within(form).findByText(/Филадельфия × 2/);
    fireEvent.click(within(form).getByRole('button', { name: 'Ещё одну «Филадельфия»' }));
    await within(form).findByText(/Филадельфия × 3/);
    await waitFor(() => expect(within(form).getByTestId('edit-total').textContent).toMatch(/1\s500/));
    fireEvent.click(within(form).getByRole('button', { name: 'Сохранить изменения' }));
    await waitFor(() => expect(within(panel).queryByRole('region', { name: 'Изменение заказа' })).toBeNull());
    const sent = server.calls(adminEditOrder).find((r) => r.path.endsWith('/o1/edit'))?.body as {
      basedOn: string;
      idempotencyKey: string;
      changes: { items: { productId: string; amount: number }[]; expectedTotal: number };
    };
    expect(sent.basedOn).toBe('2026-11-23T03:00:00.000Z');
    expect(sent.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
    expect(sent.changes.items).toEqual([{ productId: 'p1', amount: 3, mods: [], isGift: false }]);
    expect(sent.changes.expectedTotal).toBe(1500);
  });

  it('a refusal on saving is shown in the form, which keeps the change', async () => {
    const { server } = editServer();
    server.on(adminEditOrder, () => ({ status: 409, body: { message: 'Заказ изменился, обновите страницу' } }));
    setupAdmin({ path: '/admin/orders/o1', session: ADMIN_SESSION, server });
    const { form } = await openForm();
    fireEvent.click(await within(form).findByRole('button', { name: 'Ещё одну «Филадельфия»' }));
    fireEvent.change(within(form).getByLabelText('Комментарий'), { target: { value: 'Без васаби' } });
    await waitFor(() => expect(within(form).getByTestId('edit-total').textContent).toMatch(/1\s500/));
    fireEvent.click(within(form).getByRole('button', { name: 'Сохранить изменения' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Заказ изменился, обновите страницу');
    expect(within(form).getByText(/Филадельфия × 3/)).toBeTruthy();
    expect((within(form).getByLabelText('Комментарий') as HTMLTextAreaElement).value).toBe('Без васаби');
  });

  it('the card lists the order’s edits, before → after', async () => {
    const base = order({ id: 'o1' });
    const snapshot = (amount: number, total: number) => ({
      items: base.items.map((l) => ({ ...l, amount, sum: amount * 500 })),
      address: base.address,
      zoneId: null,
      deliveryTerminalId: base.deliveryTerminalId,
      deliveryTime: 'asap',
      paymentMethod: 'cash' as const,
      changeFrom: null,
      comment: '',
      goodsTotal: total,
      discountTotal: 0,
      deliveryPrice: 0,
      serviceFee: 0,
      bonusSpent: 0,
      total,
    });
    const { server } = editServer('Unconfirmed', [
      {
        id: 'e1',
        at: '2026-11-23T03:05:00.000Z',
        staffLogin: 'olga',
        before: snapshot(2, 1000),
        after: snapshot(3, 1500),
        totalBefore: 1000,
        totalAfter: 1500,
        refund: 'not-needed',
        refundAmount: 0,
        refundError: null,
      },
    ]);
    setupAdmin({ path: '/admin/orders/o1', session: ADMIN_SESSION, server });
    const list = await screen.findByRole('list', { name: 'Изменения заказа' });
    expect(list.textContent).toMatch(/olga: итого 1\s000\s₽ → 1\s500\s₽/);
    expect(list.textContent).toContain('Состав: Филадельфия ×2 → Филадельфия ×3');
  });

  it('a half-and-half pizza and a doubled modifier keep their − / +: the quote is asked with their new amounts', async () => {
    const { server, db } = editServer();
    const base = db.get('o1')!;
    db.set('o1', { ...base, items: [...base.items, HALF, DOUBLED] });
    setupAdmin({ path: '/admin/orders/o1', session: ADMIN_SESSION, server });
    const { form } = await openForm();
    await within(form).findByText('Половинки: Пепперони + Маргарита × 1');
    expect(within(form).getByText('Пицца (Сыр ×2) × 2')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Ещё одну «Половинки: Пепперони + Маргарита»' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Убрать одну «Пицца»' }));
    await within(form).findByText('Половинки: Пепперони + Маргарита × 2');
    expect(within(form).getByText('Пицца (Сыр ×2) × 1')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Убрать одну «Пицца»' }));
    await waitFor(() => expect(within(form).queryByText(/^Пицца/)).toBeNull());
    await waitFor(() =>
      expect(
        (server.calls(adminOrderEditQuote).at(-1)?.body as EditBody).changes.items.map((i) => [i.productId, i.amount]),
      ).toEqual([
        ['p1', 2],
        ['half-35', 2],
      ]),
    );
  });

  it('a half-and-half pizza and a doubled modifier are kept as they are (the cart builder holds neither)', () => {
    const plain = { productId: 'p1', name: 'Филадельфия', amount: 2, price: 500, sum: 1000, mods: [], isGift: false };
    expect(draftLinesOf({ items: [plain, HALF, DOUBLED] }).map((l) => [l.productId, l.amount])).toEqual([['p1', 2]]);
    expect(keptItemsOf([HALF, DOUBLED])).toEqual([
      {
        productId: 'half-35',
        amount: 1,
        isGift: false,
        mods: [],
        halfPizza: { sizeId: 'size-35', productIds: ['pepperoni', 'margherita'] },
      },
      { productId: 'p2', amount: 2, isGift: false, mods: [{ id: 'cheese', amount: 2, groupId: 'g-extra' }] },
    ]);
  });
});
