// The managers' dashboard (/admin/dashboard, the first screen of a manager): the period's figures
// for the chain, a city or a restaurant, re-read shortly after each live order event.
import { useEffect, useRef, useState } from 'react';
import { adminDashboard, type DashboardPeriod } from '../../../api/contract/admin/dashboard';
import { useAdminQuery } from '../data/hooks';
import { useOrderEvents } from '../data/liveOrders';
import { useReference } from '../data/reference';
import { CitySelect, RestaurantSelect, TextField } from '../kit/fields';
import { AdminTable, TabBar } from '../kit/lists';
import { PageHead, QueryView, formatMoney } from '../ui';
import { DaysChart } from './DaysChart';
import { Cancellations, DeliveryTimes, FigureCards, Payments, TopLists } from './Figures';
import { Heatmap } from './Heatmap';
import { formatCount, formatDay, formatPeriod } from './format';
import s from './dashboard.module.css';
import a from '../admin.module.css';

const PERIODS: readonly { id: DashboardPeriod; label: string }[] = [
  { id: 'today', label: 'Сегодня' },
  { id: 'yesterday', label: 'Вчера' },
  { id: '7d', label: '7 дней' },
  { id: '30d', label: '30 дней' },
  { id: 'custom', label: 'Период' },
];

/** Orders arrive in bursts: one re-read for all the events of this long. */
export const LIVE_REFRESH_MS = 1500;

/** Calls `reload` once, LIVE_REFRESH_MS after the last of a burst of order events. */
function useDebouncedOrderEvents(reload: () => void): void {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useOrderEvents(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      reload();
    }, LIVE_REFRESH_MS);
  });
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );
}

export default function DashboardPage() {
  const ref = useReference();
  const [period, setPeriod] = useState<DashboardPeriod>('today');
  const [days, setDays] = useState({ from: '', to: '' });
  const [cityId, setCityId] = useState('');
  const [deliveryTerminalId, setTerminal] = useState('');
  const customReady = period !== 'custom' || (days.from !== '' && days.to !== '');
  const query = {
    period,
    ...(period === 'custom' ? days : {}),
    ...(cityId ? { cityId } : {}),
    ...(deliveryTerminalId ? { deliveryTerminalId } : {}),
  };
  const figures = useAdminQuery(adminDashboard, { query }, { enabled: customReady });
  useDebouncedOrderEvents(figures.reload);
  const restaurants = ref.restaurants.filter((r) => cityId === '' || r.cityId === cityId);

  return (
    <section>
      <PageHead title="Сводка" onReload={figures.reload} />
      <TabBar tabs={PERIODS} value={period} onChange={setPeriod} />
      <div className={a.filters} role="group" aria-label="Город и ресторан">
        <CitySelect
          cities={ref.cities}
          all="Все города"
          value={cityId}
          onChange={(id) => {
            setCityId(id);
            setTerminal('');
          }}
        />
        <RestaurantSelect
          restaurants={restaurants}
          all="Все рестораны"
          value={deliveryTerminalId}
          onChange={setTerminal}
        />
        {period === 'custom' ? (
          <>
            <TextField
              label="С даты"
              type="date"
              value={days.from}
              onChange={(from) => setDays((d) => ({ ...d, from }))}
            />
            <TextField label="По дату" type="date" value={days.to} onChange={(to) => setDays((d) => ({ ...d, to }))} />
          </>
        ) : null}
      </div>
      {!customReady ? (
        <p className={a.muted}>Выберите первый и последний день периода.</p>
      ) : (
        <QueryView query={figures}>
          {(data) => (
            <div data-dashboard>
              <p className={a.muted}>
                {formatPeriod(data.days)}, время {data.timeZone}
              </p>
              <FigureCards data={data} />
              <h2 className={s.sectionTitle}>По дням</h2>
              <DaysChart days={data.days} />
              <div className={s.scroll}>
                <AdminTable
                  label="По дням"
                  columns={['День', { label: 'Заказы', num: true }, { label: 'Выручка', num: true }]}
                >
                  {data.days.map((d) => (
                    <tr key={d.day}>
                      <td>{formatDay(d.day)}</td>
                      <td className={a.num}>{formatCount(d.orders)}</td>
                      <td className={a.num}>{formatMoney(d.revenue)}</td>
                    </tr>
                  ))}
                </AdminTable>
              </div>
              <div className={s.sections}>
                <Payments data={data} />
                <Cancellations data={data} />
                <DeliveryTimes data={data} />
                <TopLists data={data} />
              </div>
              <h2 className={s.sectionTitle}>Заказы по дням недели и часам</h2>
              <Heatmap cells={data.heatmap} />
            </div>
          )}
        </QueryView>
      )}
    </section>
  );
}
