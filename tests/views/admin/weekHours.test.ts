import { describe, expect, it } from 'vitest';
import { dayProblem, isDayOff } from '../../../src/views/admin/settings/WeekHoursEditor';

describe('a restaurant day in the hours editor (PRODUCT.md §5)', () => {
  it('accepts a day off, a day window and an overnight window', () => {
    expect(dayProblem({ open: '00:00', close: '00:00', isNextDay: false })).toBeNull();
    expect(dayProblem({ open: '10:00', close: '22:00', isNextDay: false })).toBeNull();
    expect(dayProblem({ open: '22:00', close: '10:00', isNextDay: true })).toBeNull();
    expect(dayProblem({ open: '10:00', close: '10:01', isNextDay: true })).toBeNull();
  });

  it('names a close before the open without «до следующего дня»', () => {
    expect(dayProblem({ open: '22:00', close: '10:00', isNextDay: false })).toBe(
      'Закрытие раньше открытия: отметьте «до следующего дня»',
    );
  });

  it('refuses equal open and close marked next-day, which the storefront reads as a closed day', () => {
    const day = { open: '10:00', close: '10:00', isNextDay: true };
    expect(isDayOff(day)).toBe(false);
    expect(dayProblem(day)).toBe(
      'Открытие и закрытие совпадают: такой день считается выходным. Круглосуточно — закрытие на минуту позже открытия',
    );
  });
});
