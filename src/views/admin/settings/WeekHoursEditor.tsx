// Working hours of a restaurant: seven days (stored Sunday first, shown Monday first), each with
// open and close times, a day off (equal open and close), and an overnight window (closes after
// midnight, isNextDay) — the rules of PRODUCT.md §5.
import type { WeekHours, WorkDay } from '../../../api/entities';
import s from '../admin.module.css';

/** Day names by JavaScript's getDay index (0 = Sunday). */
export const DAY_NAMES = ['Воскресенье', 'Понедельник', 'Вторник', 'Среда', 'Четверг', 'Пятница', 'Суббота'] as const;
const SHOWN_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

const DAY_OFF: WorkDay = { open: '00:00', close: '00:00', isNextDay: false };
const DAY_ON: WorkDay = { open: '10:00', close: '22:00', isNextDay: false };

export const isDayOff = (day: WorkDay): boolean => day.open === day.close && !day.isNextDay;

/** The Russian reason a day is inconsistent, or null. */
export function dayProblem(day: WorkDay): string | null {
  if (isDayOff(day)) return null;
  if (day.open === day.close) {
    return 'Открытие и закрытие совпадают: такой день считается выходным. Круглосуточно — закрытие на минуту позже открытия';
  }
  if (!day.isNextDay && day.close < day.open) return 'Закрытие раньше открытия: отметьте «до следующего дня»';
  return null;
}

export function WeekHoursEditor({
  value,
  onChange,
  disabled,
}: {
  value: WeekHours;
  onChange: (week: WeekHours) => void;
  disabled?: boolean;
}) {
  const update = (index: number, patch: Partial<WorkDay>) =>
    onChange(value.map((d, i) => (i === index ? { ...d, ...patch } : d)));
  return (
    <table className={s.table} aria-label="Часы работы">
      <thead>
        <tr>
          <th>День</th>
          <th>Открытие</th>
          <th>Закрытие</th>
          <th>До следующего дня</th>
          <th>Выходной</th>
        </tr>
      </thead>
      <tbody>
        {SHOWN_ORDER.map((index) => {
          const day = value[index];
          if (day === undefined) return null;
          const off = isDayOff(day);
          const problem = dayProblem(day);
          const name = DAY_NAMES[index];
          const time = (key: 'open' | 'close', what: string) => (
            <td>
              <input
                type="time"
                className={s.input}
                aria-label={`${name}: ${what}`}
                value={day[key]}
                disabled={disabled || off}
                onChange={(e) => update(index, key === 'open' ? { open: e.target.value } : { close: e.target.value })}
              />
            </td>
          );
          const check = (
            what: string,
            checked: boolean,
            lock: boolean | undefined,
            patch: (on: boolean) => Partial<WorkDay>,
          ) => (
            <td>
              <input
                type="checkbox"
                aria-label={`${name}: ${what}`}
                checked={checked}
                disabled={lock}
                onChange={(e) => update(index, patch(e.target.checked))}
              />
            </td>
          );
          return (
            <tr key={index}>
              <td>
                {name}
                {problem ? <p className={s.fieldError}>{problem}</p> : null}
              </td>
              {time('open', 'открытие')}
              {time('close', 'закрытие')}
              {check('до следующего дня', day.isNextDay, disabled || off, (on) => ({ isNextDay: on }))}
              {check('выходной', off, disabled, (on) => (on ? DAY_OFF : DAY_ON))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
