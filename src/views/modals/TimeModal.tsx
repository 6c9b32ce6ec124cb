// Delivery / pickup time: 'Как можно скорее' (the default, while the restaurant is open)
// or a 30-minute slot of the days the server quoted (today from now plus the lead time, the next
// 7 days from opening, overnight windows, in the city's time zone).
import { selectQuote } from '../../projections/checkout';
import { jsonEqual, useDispatch, useSelector } from '../app/store';
import { TEXT_ASAP } from '../checkout/time';
import ui from '../components/ui.module.css';
import styles from '../checkout/Checkout.module.css';
import { Dialog } from './Dialog';
import { OptionButton } from './OptionButton';

export const TITLE_TIME = 'Выберите время';

export function TimeModal({ onClose }: { onClose: () => void }) {
  const dispatch = useDispatch();
  const current = useSelector((s) => s.cart.deliveryTime);
  const slots = useSelector((s) => selectQuote(s.checkout)?.slots ?? null, jsonEqual);
  const choose = (time: string) => dispatch({ type: 'ChangeDeliveryTime', data: { time } });
  const asapEstimate = slots?.asap.estimate ?? null;
  const estimate =
    asapEstimate === null || slots === null
      ? null
      : new Intl.DateTimeFormat('ru-RU', { hour: '2-digit', minute: '2-digit', timeZone: slots.timeZone }).format(
          Date.parse(asapEstimate),
        );
  return (
    <Dialog title={TITLE_TIME} onClose={onClose}>
      {slots === null ? (
        <p className={ui.muted}>Загружаем доступное время…</p>
      ) : (
        <>
          {slots.asap.available ? (
            <OptionButton active={current === 'asap'} onClick={() => choose('asap')}>
              {TEXT_ASAP}
              {estimate !== null && <span className={styles.note}> · примерно к {estimate}</span>}
            </OptionButton>
          ) : (
            <p className={ui.muted}>{slots.asap.message ?? 'Сейчас заказ «как можно скорее» недоступен'}</p>
          )}
          {slots.days.length === 0 && <p className={ui.muted}>Свободного времени на ближайшие дни нет.</p>}
          {slots.days.map((day) => (
            <section key={day.date} aria-label={day.title}>
              <p className={styles.slotDay}>{day.title}</p>
              <ul className={styles.slots}>
                {day.slots.map((slot) => (
                  <li key={slot.start}>
                    <button
                      type="button"
                      className={current === slot.start ? `${ui.chip} ${ui.chipActive}` : ui.chip}
                      aria-pressed={current === slot.start}
                      onClick={() => choose(slot.start)}
                    >
                      {slot.label}
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
    </Dialog>
  );
}
