// 'Выберите ресторан' — the pickup restaurants of the city with address, today's hours and
// whether each can cook the whole cart now (the quote's stop-list check); the settings'
// DELIVERY_TERMINALS until a quote has answered.
import { selectQuote } from '../../projections/checkout';
import { TITLE_RESTAURANTS } from '../../projections/modal';
import { jsonEqual, useDispatch, useSelector } from '../app/store';
import ui from '../components/ui.module.css';
import { Dialog } from './Dialog';
import styles from './modals.module.css';
import { ChoiceList } from './OptionButton';

type Row = {
  id: string;
  name: string;
  address: string;
  phone: string;
  hours: string | null;
  open: boolean | null;
  stopped: string[] | null;
};

export function RestaurantsModal({ onClose }: { onClose: () => void }) {
  const dispatch = useDispatch();
  const restaurants = useSelector((s): Row[] => {
    const cityId = s.city.selectedId;
    const list = cityId === null ? [] : (s.setting.settings?.DELIVERY_TERMINALS[cityId] ?? []);
    const quoted = selectQuote(s.checkout)?.restaurants ?? [];
    return list.map((r) => {
      const q = quoted.find((x) => x.deliveryTerminalId === r.deliveryTerminalId);
      return {
        id: r.deliveryTerminalId,
        name: r.name,
        address: r.address,
        phone: r.phone,
        hours: q?.hoursText ?? null,
        open: q?.isOpenNow ?? null,
        stopped: q?.stopped ?? null,
      };
    });
  }, jsonEqual);
  const selected = useSelector((s) => s.cart.selectedRestaurant);
  return (
    <Dialog title={TITLE_RESTAURANTS} onClose={onClose}>
      {restaurants.length === 0 ? (
        <p className={ui.muted}>В этом городе пока нет ресторанов для самовывоза.</p>
      ) : (
        <ChoiceList
          items={restaurants}
          chosenId={selected}
          onPick={(deliveryTerminalId) => dispatch({ type: 'SelectRestaurant', data: { deliveryTerminalId } })}
          onClose={onClose}
        >
          {(r) => (
            <span className={styles.restaurant}>
              <span className={styles.restaurantName}>{r.name}</span>
              <span className={styles.small}>{r.address}</span>
              <span className={styles.small}>{r.phone}</span>
              {r.hours !== null && (
                <span className={styles.small}>
                  {r.hours}
                  {r.open === false ? ' · сейчас закрыт' : r.open === true ? ' · открыт' : ''}
                </span>
              )}
              {r.stopped !== null && (
                <span className={styles.small}>
                  {r.stopped.length === 0 ? 'Приготовит весь заказ' : `Нет в наличии: ${r.stopped.join(', ')}`}
                </span>
              )}
            </span>
          )}
        </ChoiceList>
      )}
    </Dialog>
  );
}
