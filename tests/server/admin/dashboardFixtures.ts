// Orders for the dashboard and export tests, written straight to the database with the fields the
// figures read: lines, coupon, zone, promised time, status log and cancellation reason.
import { sql } from 'drizzle-orm';
import { addressDraft } from '../../fixtures/address';
import type { TestServer } from '../helpers.js';

export interface DashOrder {
  userId: string;
  cityId?: string;
  deliveryTerminalId?: string;
  deliveryMethod?: 'delivery' | 'self';
  zoneId?: string | null;
  status?: string;
  paymentMethod?: 'cash' | 'courier-card' | 'card' | 'sbp';
  paymentStatus?: 'none' | 'pending' | 'paid' | 'failed' | 'refunded';
  total: number;
  discount?: number;
  coupon?: string | null;
  deliveryTime?: string;
  createdAt: string;
  /** Instant of the Delivered status log entry. */
  deliveredAt?: string;
  cancelReason?: string;
  comment?: string;
  lines?: { productId: string; name: string; amount: number; sum: number; isGift?: boolean }[];
  address?: Record<string, unknown>;
}

const DEFAULT_ADDRESS = addressDraft({ street: 'улица Карла Маркса', home: '10', apartment: '5' });

export async function insertDashOrder(
  server: Pick<TestServer, 'db'>,
  o: DashOrder,
): Promise<{ id: string; number: number }> {
  const method = o.deliveryMethod ?? 'self';
  const lines = (o.lines ?? [{ productId: 'set-mini', name: 'Сет Мини', amount: 1, sum: o.total }]).map((l) => ({
    productId: l.productId,
    name: l.name,
    amount: l.amount,
    price: l.amount === 0 ? 0 : Math.round(l.sum / l.amount),
    sum: l.sum,
    mods: [],
    isGift: l.isGift ?? false,
  }));
  const discount = o.discount ?? 0;
  const address = method === 'delivery' ? JSON.stringify(o.address ?? DEFAULT_ADDRESS) : null;
  const status = o.status ?? (o.deliveredAt ? 'Delivered' : 'Unconfirmed');
  return server.db.transaction(async (tx) => {
    const result = await tx.execute<{ id: string; number: string | number }>(sql`
      insert into orders (user_id, city_id, status, delivery_method, address, delivery_terminal_id, zone_id, items,
                          goods_total, discount_total, total, coupon, payment_method, payment_status, delivery_time,
                          comment, created_at, updated_at)
      values (${o.userId}, ${o.cityId ?? 'city-angarsk'}, ${status}, ${method}, ${address}::jsonb,
              ${o.deliveryTerminalId ?? 'dt-angarsk-2'}, ${o.zoneId ?? null}, ${JSON.stringify(lines)}::jsonb,
              ${o.total + discount}, ${discount}, ${o.total}, ${o.coupon ?? null}, ${o.paymentMethod ?? 'cash'},
              ${o.paymentStatus ?? 'none'}, ${o.deliveryTime ?? 'asap'}, ${o.comment ?? ''},
              ${o.createdAt}::timestamptz, ${o.createdAt}::timestamptz)
      returning id, number`);
    const row = result.rows[0];
    if (!row) throw new Error('order not inserted');
    await tx.execute(
      sql`insert into order_status_log (order_id, status, at, actor) values (${row.id}, 'Unconfirmed', ${o.createdAt}::timestamptz, 'customer')`,
    );
    if (o.deliveredAt) {
      await tx.execute(
        sql`insert into order_status_log (order_id, status, at, actor) values (${row.id}, 'Delivered', ${o.deliveredAt}::timestamptz, 'staff:x')`,
      );
    }
    if (o.cancelReason !== undefined) {
      await tx.execute(
        sql`insert into order_cancellations (order_id, reason, refund, at) values (${row.id}, ${o.cancelReason}, 'not-needed', ${o.createdAt}::timestamptz)`,
      );
    }
    return { id: row.id, number: Number(row.number) };
  });
}
