// Cities and their data (CITIES_DATA: free delivery threshold, delivery products, service fee,
// promo code field hidden), restaurants (address, phone, point, working hours per day with
// overnight windows, cooking time, online payment switch, active flag) and delivery zones
// (polygon as a list of coordinates, minimum sum, price, time, restaurant). A city's working
// hours (WORK_TIME) are the union of its active restaurants' hours, computed by the server.
import { useState, type FormEvent } from 'react';
import {
  adminCreateCity,
  adminCreateRestaurant,
  adminCreateZone,
  adminDeleteZone,
  adminListZones,
  adminUpdateCity,
  adminUpdateRestaurant,
  adminUpdateZone,
  type AdminCity,
  type AdminRestaurant,
  type AdminZone,
} from '../../../api/contract/admin/settings';
import { getSettings } from '../../../api/contract/settings';
import type { WeekHours } from '../../../api/entities';
import { useAdminAction, useAdminQuery, useCan } from '../data/hooks';
import { useReference } from '../data/reference';
import { Field, PageHead, QueryView, cx, formatMoney } from '../ui';
import { parseDecimal, parseInteger } from '../menu/forms';
import { DAY_NAMES, WeekHoursEditor, dayProblem, isDayOff } from './WeekHoursEditor';
import s from '../admin.module.css';

type Tab = 'cities' | 'restaurants' | 'zones';
const ID_RE = /^[A-Za-z0-9_.:-]{1,64}$/;

function CityEditor({ city, onDone }: { city: AdminCity | null; onDone: () => void }) {
  const action = useAdminAction();
  const canEdit = useCan(city === null ? adminCreateCity : adminUpdateCity);
  const [f, setF] = useState({
    id: city?.id ?? '',
    name: city?.name ?? '',
    slug: city?.slug ?? '',
    iikoId: city?.iikoId ?? '',
    cityIn: city?.cityIn ?? '',
    timeZone: city?.timeZone ?? 'Asia/Irkutsk',
    order: String(city?.order ?? 0),
    hasData: city?.data != null,
    deliveryId: city?.data?.deliveryId ?? '',
    freeDeliveryFrom: String(city?.data?.freeDeliveryFrom ?? 1500),
    freeDeliveryId: city?.data?.freeDeliveryId ?? '',
    serviceFeeId: city?.data?.serviceFeeId ?? '',
    isPromocodeHide: city?.data?.isPromocodeHide ?? false,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof typeof f>(k: K, v: (typeof f)[K]) => setF((x) => ({ ...x, [k]: v }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problems: Record<string, string> = {};
    const order = parseInteger(f.order, { min: -1_000_000 });
    const free = parseInteger(f.freeDeliveryFrom);
    if (city === null && !ID_RE.test(f.id)) problems.id = 'Латинские буквы, цифры, _ . : -';
    if (f.name.trim() === '') problems.name = 'Введите название';
    if (!/^[a-z0-9-]{1,64}$/.test(f.slug)) problems.slug = 'Строчные латинские буквы, цифры и дефис';
    if (f.iikoId.trim() === '') problems.iikoId = 'Введите iikoId';
    if (f.cityIn.trim() === '') problems.cityIn = 'Например: в Ангарске';
    if (order === undefined) problems.order = 'Целое число';
    if (f.hasData && (free === undefined || free === null)) problems.freeDeliveryFrom = 'Целое число рублей';
    if (f.hasData && (f.deliveryId.trim() === '' || f.freeDeliveryId.trim() === ''))
      problems.deliveryId = 'Укажите товары доставки и бесплатной доставки';
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const body = {
      name: f.name.trim(),
      slug: f.slug,
      iikoId: f.iikoId.trim(),
      cityIn: f.cityIn.trim(),
      timeZone: f.timeZone.trim(),
      order: order ?? 0,
      data: f.hasData
        ? {
            deliveryId: f.deliveryId.trim(),
            freeDeliveryFrom: free ?? 0,
            freeDeliveryId: f.freeDeliveryId.trim(),
            serviceFeeId: f.serviceFeeId.trim() || null,
            isPromocodeHide: f.isPromocodeHide,
          }
        : null,
    };
    const result =
      city === null
        ? await action.run(adminCreateCity, { body: { ...body, id: f.id } }, { success: 'Город добавлен' })
        : await action.run(adminUpdateCity, { params: { id: city.id }, body }, { success: 'Город сохранён' });
    if (result.ok) onDone();
  };
  return (
    <form className={s.panel} onSubmit={(e) => void submit(e)} noValidate aria-label="Город">
      <PageHead title={city === null ? 'Новый город' : city.name} />
      <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0 }}>
        <div className={s.grid3}>
          {city === null ? (
            <Field label="Id" error={errors.id}>
              {(id) => (
                <input id={id} className={s.input} value={f.id} onChange={(e) => set('id', e.target.value.trim())} />
              )}
            </Field>
          ) : null}
          <Field label="Название" error={errors.name}>
            {(id) => <input id={id} className={s.input} value={f.name} onChange={(e) => set('name', e.target.value)} />}
          </Field>
          <Field label="Адрес (slug)" error={errors.slug}>
            {(id) => (
              <input id={id} className={s.input} value={f.slug} onChange={(e) => set('slug', e.target.value.trim())} />
            )}
          </Field>
          <Field label="iikoId" error={errors.iikoId}>
            {(id) => (
              <input id={id} className={s.input} value={f.iikoId} onChange={(e) => set('iikoId', e.target.value)} />
            )}
          </Field>
          <Field label="«В городе»" error={errors.cityIn}>
            {(id) => (
              <input id={id} className={s.input} value={f.cityIn} onChange={(e) => set('cityIn', e.target.value)} />
            )}
          </Field>
          <Field label="Часовой пояс" hint="IANA, например Asia/Irkutsk">
            {(id) => (
              <input id={id} className={s.input} value={f.timeZone} onChange={(e) => set('timeZone', e.target.value)} />
            )}
          </Field>
          <Field label="Порядок" error={errors.order}>
            {(id) => (
              <input
                id={id}
                className={s.input}
                inputMode="numeric"
                value={f.order}
                onChange={(e) => set('order', e.target.value)}
              />
            )}
          </Field>
        </div>
        <label className={s.check}>
          <input type="checkbox" checked={f.hasData} onChange={(e) => set('hasData', e.target.checked)} /> Данные города
          (CITIES_DATA)
        </label>
        {f.hasData ? (
          <div className={s.grid3}>
            <Field label="Бесплатная доставка от, ₽" error={errors.freeDeliveryFrom}>
              {(id) => (
                <input
                  id={id}
                  className={s.input}
                  inputMode="numeric"
                  value={f.freeDeliveryFrom}
                  onChange={(e) => set('freeDeliveryFrom', e.target.value)}
                />
              )}
            </Field>
            <Field label="Товар доставки (deliveryId)" error={errors.deliveryId}>
              {(id) => (
                <input
                  id={id}
                  className={s.input}
                  value={f.deliveryId}
                  onChange={(e) => set('deliveryId', e.target.value)}
                />
              )}
            </Field>
            <Field label="Товар бесплатной доставки">
              {(id) => (
                <input
                  id={id}
                  className={s.input}
                  value={f.freeDeliveryId}
                  onChange={(e) => set('freeDeliveryId', e.target.value)}
                />
              )}
            </Field>
            <Field label="Сервисный сбор (товар)" hint="Пусто — без сбора">
              {(id) => (
                <input
                  id={id}
                  className={s.input}
                  value={f.serviceFeeId}
                  onChange={(e) => set('serviceFeeId', e.target.value)}
                />
              )}
            </Field>
            <label className={s.check}>
              <input
                type="checkbox"
                checked={f.isPromocodeHide}
                onChange={(e) => set('isPromocodeHide', e.target.checked)}
              />{' '}
              Скрыть поле промокода
            </label>
          </div>
        ) : null}
      </fieldset>
      <div className={s.actions}>
        {canEdit ? (
          <button type="submit" className={s.button} disabled={action.pending}>
            Сохранить
          </button>
        ) : null}
        <button type="button" className={cx(s.button, s.secondary)} onClick={onDone}>
          Назад
        </button>
      </div>
    </form>
  );
}

const DEFAULT_WEEK: WeekHours = Array.from({ length: 7 }, () => ({ open: '10:00', close: '22:00', isNextDay: false }));

function RestaurantEditor({
  restaurant,
  cities,
  onDone,
}: {
  restaurant: AdminRestaurant | null;
  cities: readonly AdminCity[];
  onDone: () => void;
}) {
  const action = useAdminAction();
  const canEdit = useCan(restaurant === null ? adminCreateRestaurant : adminUpdateRestaurant);
  const [f, setF] = useState({
    deliveryTerminalId: restaurant?.deliveryTerminalId ?? '',
    cityId: restaurant?.cityId ?? cities[0]?.id ?? '',
    name: restaurant?.name ?? '',
    address: restaurant?.address ?? '',
    phone: restaurant?.phone ?? '',
    lat: String(restaurant?.location.lat ?? ''),
    lon: String(restaurant?.location.lon ?? ''),
    cookingMinutes: String(restaurant?.cookingMinutes ?? 30),
    isOnlinePaymentDisabled: restaurant?.isOnlinePaymentDisabled ?? false,
    isActive: restaurant?.isActive ?? true,
    order: String(restaurant?.order ?? 0),
  });
  const [hours, setHours] = useState<WeekHours>(restaurant?.hours ?? DEFAULT_WEEK);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof typeof f>(k: K, v: (typeof f)[K]) => setF((x) => ({ ...x, [k]: v }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problems: Record<string, string> = {};
    const lat = parseDecimal(f.lat, { min: -90, max: 90 });
    const lon = parseDecimal(f.lon, { min: -180, max: 180 });
    const cooking = parseInteger(f.cookingMinutes, { min: 1, max: 600 });
    const order = parseInteger(f.order, { min: -1_000_000 });
    if (restaurant === null && !ID_RE.test(f.deliveryTerminalId))
      problems.deliveryTerminalId = 'Латинские буквы, цифры, _ . : -';
    if (f.name.trim() === '') problems.name = 'Введите название';
    if (f.address.trim() === '') problems.address = 'Введите адрес';
    if (f.phone.trim() === '') problems.phone = 'Введите телефон';
    if (lat === null || lat === undefined || lon === null || lon === undefined)
      problems.location = 'Широта от −90 до 90 и долгота от −180 до 180';
    if (cooking === null || cooking === undefined) problems.cookingMinutes = 'От 1 до 600 минут';
    if (order === undefined) problems.order = 'Целое число';
    if (hours.some((d) => dayProblem(d) !== null)) problems.hours = 'Исправьте часы работы';
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const body = {
      cityId: f.cityId,
      name: f.name.trim(),
      address: f.address.trim(),
      phone: f.phone.trim(),
      location: { lat: lat ?? 0, lon: lon ?? 0 },
      hours,
      cookingMinutes: cooking ?? 30,
      isOnlinePaymentDisabled: f.isOnlinePaymentDisabled,
      isActive: f.isActive,
      order: order ?? 0,
    };
    const result =
      restaurant === null
        ? await action.run(
            adminCreateRestaurant,
            { body: { ...body, deliveryTerminalId: f.deliveryTerminalId } },
            { success: 'Ресторан добавлен' },
          )
        : await action.run(
            adminUpdateRestaurant,
            { params: { id: restaurant.deliveryTerminalId }, body },
            { success: 'Ресторан сохранён' },
          );
    if (result.ok) onDone();
  };
  return (
    <form className={s.panel} onSubmit={(e) => void submit(e)} noValidate aria-label="Ресторан">
      <PageHead title={restaurant === null ? 'Новый ресторан' : restaurant.name} />
      <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0 }}>
        <div className={s.grid3}>
          {restaurant === null ? (
            <Field label="Id терминала доставки" error={errors.deliveryTerminalId}>
              {(id) => (
                <input
                  id={id}
                  className={s.input}
                  value={f.deliveryTerminalId}
                  onChange={(e) => set('deliveryTerminalId', e.target.value.trim())}
                />
              )}
            </Field>
          ) : null}
          <Field label="Город">
            {(id) => (
              <select id={id} className={s.select} value={f.cityId} onChange={(e) => set('cityId', e.target.value)}>
                {cities.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Название" error={errors.name}>
            {(id) => <input id={id} className={s.input} value={f.name} onChange={(e) => set('name', e.target.value)} />}
          </Field>
          <Field label="Адрес" error={errors.address}>
            {(id) => (
              <input id={id} className={s.input} value={f.address} onChange={(e) => set('address', e.target.value)} />
            )}
          </Field>
          <Field label="Телефон" error={errors.phone}>
            {(id) => (
              <input id={id} className={s.input} value={f.phone} onChange={(e) => set('phone', e.target.value)} />
            )}
          </Field>
          <Field label="Широта" error={errors.location}>
            {(id) => (
              <input
                id={id}
                className={s.input}
                inputMode="decimal"
                value={f.lat}
                onChange={(e) => set('lat', e.target.value)}
              />
            )}
          </Field>
          <Field label="Долгота">
            {(id) => (
              <input
                id={id}
                className={s.input}
                inputMode="decimal"
                value={f.lon}
                onChange={(e) => set('lon', e.target.value)}
              />
            )}
          </Field>
          <Field label="Время приготовления, мин" error={errors.cookingMinutes}>
            {(id) => (
              <input
                id={id}
                className={s.input}
                inputMode="numeric"
                value={f.cookingMinutes}
                onChange={(e) => set('cookingMinutes', e.target.value)}
              />
            )}
          </Field>
          <Field label="Порядок" error={errors.order}>
            {(id) => (
              <input
                id={id}
                className={s.input}
                inputMode="numeric"
                value={f.order}
                onChange={(e) => set('order', e.target.value)}
              />
            )}
          </Field>
        </div>
        <p>
          <label className={s.check}>
            <input type="checkbox" checked={f.isActive} onChange={(e) => set('isActive', e.target.checked)} /> Работает
            (принимает заказы)
          </label>
          <label className={s.check}>
            <input
              type="checkbox"
              checked={f.isOnlinePaymentDisabled}
              onChange={(e) => set('isOnlinePaymentDisabled', e.target.checked)}
            />{' '}
            Без онлайн-оплаты
          </label>
        </p>
        <h3 className={s.subtitle}>Часы работы</h3>
        <WeekHoursEditor value={hours} onChange={setHours} disabled={!canEdit} />
        {errors.hours ? <p className={s.fieldError}>{errors.hours}</p> : null}
      </fieldset>
      <div className={s.actions}>
        {canEdit ? (
          <button type="submit" className={s.button} disabled={action.pending}>
            Сохранить
          </button>
        ) : null}
        <button type="button" className={cx(s.button, s.secondary)} onClick={onDone}>
          Назад
        </button>
      </div>
    </form>
  );
}

/** 'lon, lat' lines ⇄ [lon, lat] pairs. */
export function polygonToText(polygon: readonly (readonly [number, number])[]): string {
  return polygon.map(([lon, lat]) => `${lon}, ${lat}`).join('\n');
}
export function textToPolygon(text: string): [number, number][] | string {
  const out: [number, number][] = [];
  for (const [i, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (line === '') continue;
    const parts = line.split(/[,;\s]+/).filter(Boolean);
    const lon = Number(parts[0]);
    const lat = Number(parts[1]);
    if (
      parts.length !== 2 ||
      !Number.isFinite(lon) ||
      !Number.isFinite(lat) ||
      Math.abs(lon) > 180 ||
      Math.abs(lat) > 90
    )
      return `Строка ${i + 1}: нужны долгота и широта через запятую`;
    out.push([lon, lat]);
  }
  if (out.length < 4) return 'Нужно не меньше 4 точек (первая повторяется в конце)';
  const first = out[0];
  const last = out[out.length - 1];
  if (!first || !last || first[0] !== last[0] || first[1] !== last[1])
    return 'Контур не замкнут: последняя точка должна совпадать с первой';
  return out;
}

function ZoneEditor({
  zone,
  cityId,
  restaurants,
  onDone,
}: {
  zone: AdminZone | null;
  cityId: string;
  restaurants: readonly AdminRestaurant[];
  onDone: () => void;
}) {
  const action = useAdminAction();
  const canEdit = useCan(zone === null ? adminCreateZone : adminUpdateZone);
  const own = restaurants.filter((r) => r.cityId === (zone?.cityId ?? cityId));
  const [f, setF] = useState({
    name: zone?.name ?? '',
    deliveryTerminalId: zone?.deliveryTerminalId ?? own[0]?.deliveryTerminalId ?? '',
    minSum: String(zone?.minSum ?? 0),
    deliveryPrice: String(zone?.deliveryPrice ?? 0),
    deliveryMinutes: String(zone?.deliveryMinutes ?? 60),
    order: String(zone?.order ?? 0),
    polygon: polygonToText(zone?.polygon ?? []),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof typeof f>(k: K, v: (typeof f)[K]) => setF((x) => ({ ...x, [k]: v }));
  const closeRing = () => {
    const lines = f.polygon
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    if (lines.length > 0 && lines[0] !== lines[lines.length - 1]) set('polygon', [...lines, lines[0]].join('\n'));
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problems: Record<string, string> = {};
    const minSum = parseInteger(f.minSum);
    const price = parseInteger(f.deliveryPrice, { max: 100_000 });
    const minutes = parseInteger(f.deliveryMinutes, { min: 1, max: 600 });
    const order = parseInteger(f.order, { min: -1_000_000 });
    const polygon = textToPolygon(f.polygon);
    if (f.name.trim() === '') problems.name = 'Введите название';
    if (minSum === null || minSum === undefined) problems.minSum = 'Целое число рублей';
    if (price === null || price === undefined) problems.deliveryPrice = 'Целое число рублей';
    if (minutes === null || minutes === undefined) problems.deliveryMinutes = 'От 1 до 600 минут';
    if (order === undefined) problems.order = 'Целое число';
    if (f.deliveryTerminalId === '') problems.deliveryTerminalId = 'Выберите ресторан';
    if (typeof polygon === 'string') problems.polygon = polygon;
    setErrors(problems);
    if (Object.keys(problems).length > 0 || typeof polygon === 'string') return;
    const body = {
      cityId: zone?.cityId ?? cityId,
      name: f.name.trim(),
      polygon,
      minSum: minSum ?? 0,
      deliveryPrice: price ?? 0,
      deliveryMinutes: minutes ?? 60,
      deliveryTerminalId: f.deliveryTerminalId,
      order: order ?? 0,
    };
    const result =
      zone === null
        ? await action.run(adminCreateZone, { body }, { success: 'Зона добавлена' })
        : await action.run(adminUpdateZone, { params: { id: zone.id }, body }, { success: 'Зона сохранена' });
    if (result.ok) onDone();
  };
  const remove = async () => {
    if (zone === null || !window.confirm(`Удалить зону «${zone.name}»?`)) return;
    const result = await action.run(adminDeleteZone, { params: { id: zone.id } }, { success: 'Зона удалена' });
    if (result.ok) onDone();
  };
  return (
    <form className={s.panel} onSubmit={(e) => void submit(e)} noValidate aria-label="Зона доставки">
      <PageHead title={zone === null ? 'Новая зона доставки' : zone.name} />
      <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0 }}>
        <div className={s.grid3}>
          <Field label="Название" error={errors.name}>
            {(id) => <input id={id} className={s.input} value={f.name} onChange={(e) => set('name', e.target.value)} />}
          </Field>
          <Field label="Ресторан" error={errors.deliveryTerminalId}>
            {(id) => (
              <select
                id={id}
                className={s.select}
                value={f.deliveryTerminalId}
                onChange={(e) => set('deliveryTerminalId', e.target.value)}
              >
                {own.map((r) => (
                  <option key={r.deliveryTerminalId} value={r.deliveryTerminalId}>
                    {r.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Минимальная сумма, ₽" error={errors.minSum} hint="Товары после скидок, без доставки и сбора">
            {(id) => (
              <input
                id={id}
                className={s.input}
                inputMode="numeric"
                value={f.minSum}
                onChange={(e) => set('minSum', e.target.value)}
              />
            )}
          </Field>
          <Field label="Стоимость доставки, ₽" error={errors.deliveryPrice}>
            {(id) => (
              <input
                id={id}
                className={s.input}
                inputMode="numeric"
                value={f.deliveryPrice}
                onChange={(e) => set('deliveryPrice', e.target.value)}
              />
            )}
          </Field>
          <Field label="Время доставки, мин" error={errors.deliveryMinutes}>
            {(id) => (
              <input
                id={id}
                className={s.input}
                inputMode="numeric"
                value={f.deliveryMinutes}
                onChange={(e) => set('deliveryMinutes', e.target.value)}
              />
            )}
          </Field>
          <Field label="Порядок" error={errors.order}>
            {(id) => (
              <input
                id={id}
                className={s.input}
                inputMode="numeric"
                value={f.order}
                onChange={(e) => set('order', e.target.value)}
              />
            )}
          </Field>
        </div>
        <Field
          label="Контур зоны"
          error={errors.polygon}
          hint="По точке в строке: долгота, широта. Последняя точка повторяет первую."
        >
          {(id) => (
            <textarea
              id={id}
              className={cx(s.textarea, s.code)}
              value={f.polygon}
              onChange={(e) => set('polygon', e.target.value)}
            />
          )}
        </Field>
        <button type="button" className={cx(s.button, s.secondary)} onClick={closeRing}>
          Замкнуть контур
        </button>
      </fieldset>
      <div className={s.actions}>
        {canEdit ? (
          <button type="submit" className={s.button} disabled={action.pending}>
            Сохранить
          </button>
        ) : null}
        <button type="button" className={cx(s.button, s.secondary)} onClick={onDone}>
          Назад
        </button>
        {zone !== null && canEdit ? (
          <button type="button" className={cx(s.button, s.danger)} onClick={() => void remove()}>
            Удалить зону
          </button>
        ) : null}
      </div>
    </form>
  );
}

function hoursSummary(hours: WeekHours): string {
  const first = hours[1];
  const same =
    first !== undefined &&
    hours.every((d) => d.open === first.open && d.close === first.close && d.isNextDay === first.isNextDay);
  if (same && first)
    return isDayOff(first)
      ? 'не работает'
      : `ежедневно ${first.open}–${first.close}${first.isNextDay ? ' (до следующего дня)' : ''}`;
  return hours
    .map((d, i) => `${DAY_NAMES[i]?.slice(0, 2)} ${isDayOff(d) ? 'вых.' : `${d.open}–${d.close}`}`)
    .join(', ');
}

export default function CitiesPage() {
  const ref = useReference();
  const [tab, setTab] = useState<Tab>('cities');
  const [editing, setEditing] = useState<string | null>(null);
  const [zoneCity, setZoneCity] = useState('');
  const cityId = zoneCity || ref.cities[0]?.id || '';
  const zones = useAdminQuery(adminListZones, { query: { cityId } }, { enabled: cityId !== '' });
  // the city's working hours as the storefront gets them (WORK_TIME: computed from its restaurants)
  const published = useAdminQuery(getSettings, {}, { enabled: tab === 'cities' });
  const canCreateCity = useCan(adminCreateCity);
  const canCreateRestaurant = useCan(adminCreateRestaurant);
  const canCreateZone = useCan(adminCreateZone);
  const done = () => {
    setEditing(null);
    ref.reload();
    zones.reload();
    published.reload();
  };
  const tabs: { id: Tab; label: string }[] = [
    { id: 'cities', label: 'Города' },
    { id: 'restaurants', label: 'Рестораны и часы работы' },
    { id: 'zones', label: 'Зоны доставки' },
  ];

  let body;
  if (tab === 'cities') {
    const city = editing === 'new' ? null : ref.cities.find((c) => c.id === editing);
    body =
      editing !== null && city !== undefined ? (
        <CityEditor key={editing} city={city} onDone={done} />
      ) : (
        <>
          {canCreateCity ? (
            <button type="button" className={s.button} onClick={() => setEditing('new')}>
              Добавить город
            </button>
          ) : null}
          <table className={s.table} aria-label="Города" style={{ marginTop: 12 }}>
            <thead>
              <tr>
                <th>Город</th>
                <th>Адрес</th>
                <th>Часовой пояс</th>
                <th>Часы работы (по ресторанам)</th>
                <th className={s.num}>Бесплатная доставка от</th>
                <th>Промокод</th>
              </tr>
            </thead>
            <tbody>
              {ref.cities.map((c) => (
                <tr key={c.id} className={s.rowLink} onClick={() => setEditing(c.id)}>
                  <td>{c.name}</td>
                  <td>/{c.slug}</td>
                  <td>{c.timeZone}</td>
                  <td>{published.data?.WORK_TIME[c.id] ? hoursSummary(published.data.WORK_TIME[c.id] ?? []) : '—'}</td>
                  <td className={s.num}>{c.data ? formatMoney(c.data.freeDeliveryFrom) : '—'}</td>
                  <td>{c.data?.isPromocodeHide ? 'скрыт' : 'показан'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      );
  } else if (tab === 'restaurants') {
    const restaurant = editing === 'new' ? null : ref.restaurants.find((r) => r.deliveryTerminalId === editing);
    body =
      editing !== null && restaurant !== undefined ? (
        <RestaurantEditor key={editing} restaurant={restaurant} cities={ref.cities} onDone={done} />
      ) : (
        <>
          {canCreateRestaurant ? (
            <button type="button" className={s.button} onClick={() => setEditing('new')}>
              Добавить ресторан
            </button>
          ) : null}
          <table className={s.table} aria-label="Рестораны" style={{ marginTop: 12 }}>
            <thead>
              <tr>
                <th>Ресторан</th>
                <th>Город</th>
                <th>Часы работы</th>
                <th>Онлайн-оплата</th>
                <th>Статус</th>
              </tr>
            </thead>
            <tbody>
              {ref.restaurants.map((r) => (
                <tr key={r.deliveryTerminalId} className={s.rowLink} onClick={() => setEditing(r.deliveryTerminalId)}>
                  <td>
                    {r.name}
                    <div className={s.muted}>{r.address}</div>
                  </td>
                  <td>{ref.cityName(r.cityId)}</td>
                  <td>{hoursSummary(r.hours)}</td>
                  <td>{r.isOnlinePaymentDisabled ? 'отключена' : 'есть'}</td>
                  <td>
                    {r.isActive ? (
                      <span className={cx(s.badge, s.badgeOk)}>работает</span>
                    ) : (
                      <span className={cx(s.badge, s.badgeBad)}>закрыт</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      );
  } else {
    const zone = editing === 'new' ? null : zones.data?.zones.find((z) => z.id === editing);
    body =
      editing !== null && zone !== undefined ? (
        <ZoneEditor key={editing} zone={zone} cityId={cityId} restaurants={ref.restaurants} onDone={done} />
      ) : (
        <>
          <div className={s.filters}>
            <Field label="Город">
              {(id) => (
                <select id={id} className={s.select} value={cityId} onChange={(e) => setZoneCity(e.target.value)}>
                  {ref.cities.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            {canCreateZone ? (
              <button type="button" className={s.button} onClick={() => setEditing('new')}>
                Добавить зону
              </button>
            ) : null}
          </div>
          <QueryView query={zones}>
            {(data) => (
              <table className={s.table} aria-label="Зоны доставки">
                <thead>
                  <tr>
                    <th>Зона</th>
                    <th>Ресторан</th>
                    <th className={s.num}>Минимальная сумма</th>
                    <th className={s.num}>Доставка</th>
                    <th className={s.num}>Время</th>
                    <th className={s.num}>Точек</th>
                  </tr>
                </thead>
                <tbody>
                  {data.zones.map((z) => (
                    <tr key={z.id} className={s.rowLink} onClick={() => setEditing(z.id)}>
                      <td>{z.name}</td>
                      <td>{ref.restaurantName(z.deliveryTerminalId)}</td>
                      <td className={s.num}>{formatMoney(z.minSum)}</td>
                      <td className={s.num}>{formatMoney(z.deliveryPrice)}</td>
                      <td className={s.num}>{z.deliveryMinutes} мин</td>
                      <td className={s.num}>{z.polygon.length}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </QueryView>
        </>
      );
  }

  return (
    <section>
      <PageHead title="Города и зоны" />
      <div className={s.tabs} role="tablist">
        {tabs.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            className={cx(s.tab, tab === t.id && s.tabActive)}
            onClick={() => (setTab(t.id), setEditing(null))}
          >
            {t.label}
          </button>
        ))}
      </div>
      {body}
    </section>
  );
}
