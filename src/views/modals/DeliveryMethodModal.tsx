// 'Доставить или заберёте?' — delivery opens the address modal, pickup the restaurant list (PRODUCT.md §4).
import type { DeliveryMethod } from '../../api/entities';
import { TITLE_DELIVERY_METHOD } from '../../projections/modal';
import { useDispatch, useSelector } from '../app/store';
import { Icon } from '../components/Icon';
import { Dialog } from './Dialog';
import ui from '../components/ui.module.css';
import styles from './modals.module.css';

export function DeliveryMethodModal({ onClose }: { onClose: () => void }) {
  const dispatch = useDispatch();
  const current = useSelector((s) => s.cart.deliveryMethod);
  const choose = (method: DeliveryMethod) => {
    if (method === current) {
      // Same method: go straight to its own choice.
      dispatch({ type: 'CloseModal', data: { kind: 'deliveryMethod' } });
      dispatch({ type: 'OpenModal', data: { modal: { kind: method === 'self' ? 'restaurants' : 'address' } } });
    } else {
      dispatch({ type: 'ChangeDeliveryMethod', data: { method } });
    }
  };
  return (
    <Dialog title={TITLE_DELIVERY_METHOD} onClose={onClose} size="s">
      <div className={styles.methods}>
        <button
          type="button"
          className={current === 'delivery' ? `${styles.method} ${ui.optionActive}` : styles.method}
          onClick={() => choose('delivery')}
        >
          <Icon name="scooter" size={36} className={styles.methodIcon} />
          Доставка
        </button>
        <button
          type="button"
          className={current === 'self' ? `${styles.method} ${ui.optionActive}` : styles.method}
          onClick={() => choose('self')}
        >
          <Icon name="store" size={36} className={styles.methodIcon} />
          Самовывоз
        </button>
      </div>
    </Dialog>
  );
}
