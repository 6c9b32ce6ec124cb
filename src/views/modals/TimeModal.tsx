// Delivery / pickup time: 'Как можно скорее' or a half-hour slot in the next hours.
import { useMemo } from 'react';
import { useDispatch, useSelector } from '../app/store';
import ui from '../components/ui.module.css';
import { Dialog } from './Dialog';

export const TITLE_TIME = 'Выберите время';
const SLOT_MS = 30 * 60 * 1000;
const LEAD_MS = 60 * 60 * 1000;

/** Half-hour slots starting at least an hour from now. */
export function timeSlots(nowMs: number, count: number): string[] {
  const first = Math.ceil((nowMs + LEAD_MS) / SLOT_MS) * SLOT_MS;
  return Array.from({ length: count }, (_, i) => new Date(first + i * SLOT_MS).toISOString());
}

export function TimeModal({ onClose }: { onClose: () => void }) {
  const dispatch = useDispatch();
  const current = useSelector((s) => s.cart.deliveryTime);
  const timeZone = useSelector((s) => s.city.list.find((c) => c.id === s.city.selectedId)?.timeZone);
  const slots = useMemo(() => timeSlots(Date.now(), 12), []);
  const format = new Intl.DateTimeFormat('ru-RU', { hour: '2-digit', minute: '2-digit', day: 'numeric', month: 'long', timeZone });
  const choose = (time: string) => dispatch({ type: 'ChangeDeliveryTime', data: { time } });
  return (
    <Dialog title={TITLE_TIME} onClose={onClose} size="s">
      <ul className={ui.list}>
        <li>
          <button type="button" className={current === 'asap' ? `${ui.option} ${ui.optionActive}` : ui.option} onClick={() => choose('asap')}>
            Как можно скорее
          </button>
        </li>
        {slots.map((t) => (
          <li key={t}>
            <button type="button" className={current === t ? `${ui.option} ${ui.optionActive}` : ui.option} onClick={() => choose(t)}>
              {format.format(new Date(t))}
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
