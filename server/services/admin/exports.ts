// CSV exports of orders and customers (contract: src/api/contract/admin/exports.ts). The filters
// are checked before anything is sent (a bad one is a 4xx), then the rows stream out page by
// page through csv-stringify: one page in memory at a time, read only as fast as the client
// takes the file, each page its own query so the connection is free between them.
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/database.js';
import { unprocessable } from '../../http/errors.js';
import {
  customerPhoneCondition,
  customersExportPage,
  ordersExportPage,
  type CustomerExportRow,
  type CustomersPageReader,
  type OrderCursor,
  type OrderExportRow,
  type OrdersPageReader,
} from '../../repositories/exports.js';
import { PAYMENT_METHOD_LABEL, STATUS_LABEL } from '../../../src/api/contract/admin/labels.js';
import { PAYMENT_STATUS_NAMES } from '../../../src/api/contract/orders.js';
import { ADMIN_ORDER_MESSAGES } from '../../../src/api/contract/admin/messages.js';
import { isValidPhone, normalizePhone } from '../../../src/domain/phone.js';
import { audit } from './audit.js';
import { DEFAULT_TIME_ZONE } from './dates.js';
import { orderFilterCondition, type OrderFilters } from './orders.js';
import type { StaffPrincipal } from './staffSessions.js';

export const EXPORT_PAGE_SIZE = 500;

export const ORDER_COLUMNS = [
  'Номер',
  'Дата',
  'Город',
  'Ресторан',
  'Статус',
  'Получение',
  'Телефон',
  'Имя',
  'Адрес',
  'Состав',
  'Товары, ₽',
  'Скидка, ₽',
  'Бонусы, ₽',
  'Доставка, ₽',
  'Сервисный сбор, ₽',
  'Итого, ₽',
  'Промокод',
  'Оплата',
  'Состояние оплаты',
  'Ко времени',
  'Комментарий',
  'Причина отмены',
] as const;

export const CUSTOMER_COLUMNS = [
  'Телефон',
  'Имя',
  'Зарегистрирован',
  'Заказов',
  'Сумма заказов, ₽',
  'Последний заказ',
  'Бонусы',
  'Согласие на обработку персональных данных',
  'Рекламная рассылка',
] as const;

/** A consent given and then taken back (PATCH /user with personalData false) is marked as such. */
export const CONSENT_LABEL = { given: 'дано', withdrawn: 'отозвано', never: 'нет' } as const;

type Cell = string | number;

/**
 * Text a customer typed is never read by a spreadsheet as a formula (=, +, -, @ first): a leading
 * apostrophe keeps it text. Phones and numbers are ours and stay as they are.
 */
export function plainText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** 'DD.MM.YYYY HH:MM' in a time zone: a form Excel reads as a date. */
export function csvDateTime(at: Date, timeZone: string): string {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('ru-RU', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.day}.${parts.month}.${parts.year} ${parts.hour}:${parts.minute}`;
}

function addressLine(address: OrderExportRow['address']): string {
  if (address === null) return '';
  const flat = address.apartment ? `, кв. ${address.apartment}` : '';
  return `${address.city}, ${address.street}, ${address.home}${flat}`;
}

function orderCells(row: OrderExportRow): Cell[] {
  const timeZone = row.timeZone ?? DEFAULT_TIME_ZONE;
  const lines = row.items.map((l) => `${l.name} × ${l.amount}${l.isGift ? ' (подарок)' : ''}`).join(', ');
  return [
    row.number,
    csvDateTime(row.createdAt, timeZone),
    row.cityName ?? '',
    row.restaurantName ?? '',
    STATUS_LABEL[row.status],
    row.deliveryMethod === 'delivery' ? 'доставка' : 'самовывоз',
    row.phone ?? '',
    plainText(row.customerName),
    plainText(addressLine(row.address)),
    plainText(lines),
    row.goodsTotal,
    row.discountTotal,
    row.bonusSpent,
    row.deliveryPrice,
    row.serviceFee,
    row.total,
    row.coupon ?? '',
    PAYMENT_METHOD_LABEL[row.paymentMethod],
    PAYMENT_STATUS_NAMES[row.paymentStatus],
    row.deliveryTime === 'asap' ? 'как можно скорее' : csvDateTime(new Date(row.deliveryTime), timeZone),
    plainText(row.comment),
    plainText(row.cancelReason ?? ''),
  ];
}

/** Records to CSV: BOM, ';', CRLF (Excel's defaults), quotes where needed. */
function csvOf(columns: readonly string[], records: AsyncIterable<Cell[]>): Readable {
  const csv = stringify({
    bom: true,
    delimiter: ';',
    record_delimiter: 'windows',
    header: true,
    columns: [...columns],
  });
  // pipeline-like: a failing page destroys the CSV stream, so the response is cut, not left hanging
  const source = Readable.from(records);
  source.on('error', (error) => csv.destroy(error));
  return source.pipe(csv);
}

export interface ExportOptions<Reader> {
  pageSize?: number;
  /** The page reader (tests wrap it to see the page size asked for). */
  readPage?: Reader;
}

export async function ordersCsv(
  db: Database,
  filters: OrderFilters,
  options: ExportOptions<OrdersPageReader> = {},
): Promise<Readable> {
  const pageSize = options.pageSize ?? EXPORT_PAGE_SIZE;
  const readPage = options.readPage ?? ordersExportPage;
  // checked now: a bad filter answers 4xx before any byte of the file
  const condition = await db.run((tx) => orderFilterCondition(tx, filters));
  async function* records(): AsyncGenerator<Cell[]> {
    let after: OrderCursor | null = null;
    for (;;) {
      const cursor: OrderCursor | null = after;
      const page: OrderExportRow[] = await db.run((tx) => readPage(tx, condition, cursor, pageSize));
      for (const row of page) yield orderCells(row);
      const last = page[page.length - 1];
      if (page.length < pageSize || !last) return;
      after = { at: last.cursorAt, number: last.number };
    }
  }
  return csvOf(ORDER_COLUMNS, records());
}

/** The customers screen's phone rule: a full number exactly, else at least 4 of its digits. */
function customerCondition(phone: string | undefined): SQL | undefined {
  if (phone === undefined) return undefined;
  if (isValidPhone(phone)) return customerPhoneCondition({ exact: normalizePhone(phone) });
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 4) throw unprocessable(ADMIN_ORDER_MESSAGES.phoneFilter, 'phone-filter');
  return customerPhoneCondition({ digits });
}

export function customersCsv(
  db: Database,
  filters: { phone?: string | undefined },
  options: ExportOptions<CustomersPageReader> = {},
): Readable {
  const pageSize = options.pageSize ?? EXPORT_PAGE_SIZE;
  const readPage = options.readPage ?? customersExportPage;
  const condition = customerCondition(filters.phone);
  async function* records(): AsyncGenerator<Cell[]> {
    let after: string | null = null;
    for (;;) {
      const cursor: string | null = after;
      const page: CustomerExportRow[] = await db.run((tx) => readPage(tx, condition, cursor, pageSize));
      for (const row of page) {
        const consent = row.personalData
          ? CONSENT_LABEL.given
          : row.everConsented
            ? CONSENT_LABEL.withdrawn
            : CONSENT_LABEL.never;
        yield [
          row.phone ?? '',
          plainText(row.name),
          csvDateTime(row.createdAt, DEFAULT_TIME_ZONE),
          row.ordersCount,
          row.ordersTotal,
          row.lastOrderAt === null ? '' : csvDateTime(row.lastOrderAt, DEFAULT_TIME_ZONE),
          row.balance,
          consent,
          row.receiveAdvertising ? 'да' : 'нет',
        ];
      }
      const last = page[page.length - 1];
      if (page.length < pageSize || !last) return;
      after = last.id;
    }
  }
  return csvOf(CUSTOMER_COLUMNS, records());
}

/** The file name of an export made now: 'orders-2026-11-20.csv'. */
export function exportFileName(kind: 'orders' | 'customers', now: Date): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_TIME_ZONE }).format(now);
  return `${kind}-${day}.csv`;
}

/** The audit row of an export (who took which file with which filters). */
async function auditExport(
  ctx: AppContext,
  staff: StaffPrincipal,
  ip: string,
  kind: 'orders' | 'customers',
  filters: OrderFilters | { phone?: string | undefined },
): Promise<void> {
  await ctx.db.run((db) =>
    audit(
      db,
      staff,
      ip,
      { action: `export.${kind}`, entity: 'export', entityId: kind, after: { filters } },
      ctx.clock.now(),
    ),
  );
}

/** Starts an export: filters checked, the audit row written, then the stream. */
export async function exportOrders(
  ctx: AppContext,
  staff: StaffPrincipal,
  ip: string,
  filters: OrderFilters,
): Promise<Readable> {
  const stream = await ordersCsv(ctx.db, filters);
  await auditExport(ctx, staff, ip, 'orders', filters);
  return stream;
}

export async function exportCustomers(
  ctx: AppContext,
  staff: StaffPrincipal,
  ip: string,
  filters: { phone?: string | undefined },
): Promise<Readable> {
  const stream = customersCsv(ctx.db, filters);
  await auditExport(ctx, staff, ip, 'customers', filters);
  return stream;
}
