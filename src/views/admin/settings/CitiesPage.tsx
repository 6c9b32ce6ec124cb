// Cities, restaurants and delivery zones: a tab each, a list that opens the object's editor
// (cities/). A city's working hours (WORK_TIME) are the union of its active restaurants' hours,
// computed by the server.
import { useState } from 'react';
import {
  adminCreateCity,
  adminCreateRestaurant,
  adminCreateZone,
  adminListZones,
} from '../../../api/contract/admin/settings';
import { getSettings } from '../../../api/contract/settings';
import type { WeekHours } from '../../../api/entities';
import { useAdminQuery, useCan } from '../data/hooks';
import { useReference } from '../data/reference';
import { CitySelect } from '../kit/fields';
import { AddButton, AdminTable, OnOffBadge, TabBar } from '../kit/lists';
import { PageHead, QueryView, formatMoney } from '../ui';
import { CityEditor } from './cities/CityEditor';
import { RestaurantEditor } from './cities/RestaurantEditor';
import { ZoneEditor } from './cities/ZoneEditor';
import { DAY_NAMES, isDayOff } from './WeekHoursEditor';
import s from '../admin.module.css';

type Tab = 'cities' | 'restaurants' | 'zones';
const TABS: readonly { id: Tab; label: string }[] = [
  { id: 'cities', label: 'Города' },
  { id: 'restaurants', label: 'Рестораны и часы работы' },
  { id: 'zones', label: 'Зоны доставки' },
];

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
  const addNew = () => setEditing('new');

  let body;
  if (tab === 'cities') {
    const city = editing === 'new' ? null : ref.cities.find((c) => c.id === editing);
    body =
      editing !== null && city !== undefined ? (
        <CityEditor key={editing} city={city} onDone={done} />
      ) : (
        <>
          <AddButton can={canCreateCity} label="Добавить город" onClick={addNew} />
          <AdminTable
            label="Города"
            belowButton
            columns={[
              'Город',
              'Адрес',
              'Часовой пояс',
              'Часы работы (по ресторанам)',
              { label: 'Бесплатная доставка от', num: true },
              'Промокод',
            ]}
          >
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
          </AdminTable>
        </>
      );
  } else if (tab === 'restaurants') {
    const restaurant = editing === 'new' ? null : ref.restaurants.find((r) => r.deliveryTerminalId === editing);
    body =
      editing !== null && restaurant !== undefined ? (
        <RestaurantEditor key={editing} restaurant={restaurant} cities={ref.cities} onDone={done} />
      ) : (
        <>
          <AddButton can={canCreateRestaurant} label="Добавить ресторан" onClick={addNew} />
          <AdminTable
            label="Рестораны"
            belowButton
            columns={['Ресторан', 'Город', 'Часы работы', 'Онлайн-оплата', 'Статус']}
          >
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
                  <OnOffBadge on={r.isActive} onText="работает" offText="закрыт" />
                </td>
              </tr>
            ))}
          </AdminTable>
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
            <CitySelect cities={ref.cities} value={cityId} onChange={setZoneCity} />
            <AddButton can={canCreateZone} label="Добавить зону" onClick={addNew} />
          </div>
          <QueryView query={zones}>
            {(data) => (
              <AdminTable
                label="Зоны доставки"
                columns={[
                  'Зона',
                  'Ресторан',
                  { label: 'Минимальная сумма', num: true },
                  { label: 'Доставка', num: true },
                  { label: 'Время', num: true },
                  { label: 'Точек', num: true },
                ]}
              >
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
              </AdminTable>
            )}
          </QueryView>
        </>
      );
  }

  return (
    <section>
      <PageHead title="Города и зоны" />
      <TabBar
        tabs={TABS}
        value={tab}
        onChange={(id) => {
          setTab(id);
          setEditing(null);
        }}
      />
      {body}
    </section>
  );
}
