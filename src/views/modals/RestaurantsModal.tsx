// 'Выберите ресторан' — the pickup restaurants of the city (settings DELIVERY_TERMINALS).
import { TITLE_RESTAURANTS } from '../../projections/modal';
import { jsonEqual, useDispatch, useSelector } from '../app/store';
import ui from '../components/ui.module.css';
import { Dialog } from './Dialog';
import styles from './modals.module.css';

export function RestaurantsModal({ onClose }: { onClose: () => void }) {
  const dispatch = useDispatch();
  const restaurants = useSelector((s) => {
    const cityId = s.city.selectedId;
    return cityId === null ? [] : (s.setting.settings?.DELIVERY_TERMINALS[cityId] ?? []);
  }, jsonEqual);
  const selected = useSelector((s) => s.cart.selectedRestaurant);
  return (
    <Dialog title={TITLE_RESTAURANTS} onClose={onClose}>
      {restaurants.length === 0 ? (
        <p className={ui.muted}>В этом городе пока нет ресторанов для самовывоза.</p>
      ) : (
        <ul className={ui.list}>
          {restaurants.map((r) => (
            <li key={r.deliveryTerminalId}>
              <button
                type="button"
                className={r.deliveryTerminalId === selected ? `${ui.option} ${ui.optionActive}` : ui.option}
                onClick={() => dispatch({ type: 'SelectRestaurant', data: { deliveryTerminalId: r.deliveryTerminalId } })}
              >
                <span className={styles.restaurant}>
                  <span className={styles.restaurantName}>{r.name}</span>
                  <span className={styles.small}>{r.address}</span>
                  <span className={styles.small}>{r.phone}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
