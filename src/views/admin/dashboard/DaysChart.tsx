// Revenue and orders per day of the period, drawn with uPlot. uPlot (and its CSS) is imported
// when the chart mounts, so it is fetched only on the dashboard, never by the storefront; where it
// cannot draw (no canvas), the days table below the chart still has every figure.
import { useEffect, useRef } from 'react';
import type { Dashboard } from '../../../api/contract/admin/dashboard';
import { formatMoney } from '../ui';
import { formatDay } from './format';
import s from './dashboard.module.css';

export function DaysChart({ days }: { days: Dashboard['days'] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (el === null || days.length < 2) return;
    let chart: { destroy(): void } | null = null;
    let cancelled = false;
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')])
      .then(([{ default: UPlot }]) => {
        if (cancelled) return;
        const x = days.map((_, i) => i);
        chart = new UPlot(
          {
            width: Math.max(320, el.clientWidth),
            height: 240,
            series: [
              { value: (_u, i) => (i === null ? '' : formatDay(days[i]?.day ?? '')) },
              {
                label: 'Выручка',
                stroke: '#2563eb',
                width: 2,
                scale: 'rub',
                value: (_u, v) => (v === null ? '—' : formatMoney(v)),
              },
              { label: 'Заказы', stroke: '#16a34a', width: 2, scale: 'n' },
            ],
            axes: [
              { values: (_u, ticks) => ticks.map((i) => formatDay(days[Math.round(i)]?.day ?? '')) },
              { scale: 'rub', values: (_u, ticks) => ticks.map((v) => formatMoney(v)), size: 90 },
              { scale: 'n', side: 1, grid: { show: false } },
            ],
            scales: { x: { time: false } },
          },
          [x, days.map((d) => d.revenue), days.map((d) => d.orders)],
          el,
        );
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [days]);
  return <div ref={box} className={s.chart} aria-hidden="true" data-chart="days" />;
}
