// Orders by weekday and hour of the city's time zone: a table whose cells darken with the count.
import { WEEKDAYS, formatOrders } from './format';
import s from './dashboard.module.css';

export function Heatmap({ cells }: { cells: readonly (readonly number[])[] }) {
  const max = Math.max(1, ...cells.flat());
  return (
    <div className={s.scroll}>
      <table className={s.heatmap} aria-label="Заказы по дням недели и часам">
        <thead>
          <tr>
            <th scope="col" />
            {Array.from({ length: 24 }, (_, hour) => (
              <th key={hour} scope="col">
                {hour}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {cells.map((row, weekday) => (
            <tr key={WEEKDAYS[weekday]}>
              <th scope="row">{WEEKDAYS[weekday]}</th>
              {row.map((n, hour) => (
                <td
                  key={hour}
                  title={`${WEEKDAYS[weekday] ?? ''}, ${hour}:00 — ${formatOrders(n)}`}
                  data-count={n}
                  style={{
                    background: n === 0 ? undefined : `rgba(37, 99, 235, ${(0.15 + (0.85 * n) / max).toFixed(2)})`,
                  }}
                >
                  {n === 0 ? '' : n}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
