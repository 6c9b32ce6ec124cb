// 'Выберите свой город' — no close button, no Escape, no backdrop close (PRODUCT.md §2).
import { TITLE_CITY } from '../../projections/modal';
import { jsonEqual, useDispatch, useSelector } from '../app/store';
import ui from '../components/ui.module.css';
import { Dialog } from './Dialog';
import { OptionButton } from './OptionButton';
import styles from './modals.module.css';

export function CityModal() {
  const dispatch = useDispatch();
  const cities = useSelector((s) => s.city.list.map((c) => ({ id: c.id, name: c.name })), jsonEqual);
  const selectedId = useSelector((s) => s.city.selectedId);
  return (
    <Dialog title={TITLE_CITY} onClose={null}>
      {cities.length === 0 ? (
        <p className={ui.muted}>Загружаем список городов…</p>
      ) : (
        <div className={styles.cities}>
          {cities.map((c) => (
            <OptionButton
              key={c.id}
              active={c.id === selectedId}
              onClick={() => dispatch({ type: 'SelectCity', data: { cityId: c.id } })}
            >
              {c.name}
            </OptionButton>
          ))}
        </div>
      )}
    </Dialog>
  );
}
