// Time texts of the checkout and /complete, in the city's time zone (Intl, Russian).
import { useEffect, useState } from 'react';
import type { DeliverySlots } from '../../api/contract/checkout';
import { useStore } from '../app/store';

export const TEXT_ASAP = 'Как можно скорее';

/** 'Как можно скорее', the slot's day and label, or the instant in the city's zone. */
export function deliveryTimeText(time: string, slots: DeliverySlots | null, timeZone: string | undefined): string {
  if (time === 'asap') return TEXT_ASAP;
  for (const day of slots?.days ?? []) {
    const slot = day.slots.find((s) => s.start === time);
    if (slot !== undefined) return `${day.title}, ${slot.label}`;
  }
  const t = Date.parse(time);
  if (Number.isNaN(t)) return time;
  return new Intl.DateTimeFormat('ru-RU', {
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(t);
}

/**
 * Now from the store's clock as an ISO string, refreshed every `everyMs` (closed hours are
 * re-checked while the page is open).
 */
export function useNow(everyMs = 30_000): string {
  const store = useStore();
  const [now, setNow] = useState(() => store.now());
  useEffect(() => {
    const id = setInterval(() => setNow(store.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs, store]);
  return now;
}
