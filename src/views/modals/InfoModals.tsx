// Modals that only inform: snack gift, site not working, work time, empty cart.
import { notWorkingText, TEXT_WORK_TIME, TITLE_SNACK_GIFT } from '../../projections/modal';
import { useNavigateTo } from '../app/routing';
import { useSelector } from '../app/store';
import ui from '../components/ui.module.css';
import { Icon } from '../components/Icon';
import { Dialog } from './Dialog';
import styles from './modals.module.css';

export const TEXT_EMPTY_CART_TITLE = 'Ваша корзина пуста';
export const TEXT_EMPTY_CART = 'Добавьте блюда из меню, чтобы оформить заказ.';

export function SnackGiftModal({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title={TITLE_SNACK_GIFT} onClose={onClose} size="s">
      <p className={styles.emoji} aria-hidden="true">
        <Icon name="fries" size={64} />
      </p>
      <button type="button" className={`${ui.button} ${ui.block}`} onClick={onClose} data-autofocus>
        Отлично
      </button>
    </Dialog>
  );
}

/** Why ordering is not possible now: one sentence and 'Понятно'. */
function NoticeModal({ label, text, onClose }: { label: string; text: string; onClose: () => void }) {
  return (
    <Dialog title={null} label={label} onClose={onClose} size="s">
      <p className={styles.lead}>{text}</p>
      <button type="button" className={`${ui.button} ${ui.block}`} onClick={onClose}>
        Понятно
      </button>
    </Dialog>
  );
}

export function SiteNotWorkingModal({ onClose }: { onClose: () => void }) {
  const text = useSelector((s) => notWorkingText(s.setting.settings));
  return <NoticeModal label="Приём заказов приостановлен" text={text} onClose={onClose} />;
}

export function WorkTimeModal({ onClose }: { onClose: () => void }) {
  return <NoticeModal label="Нерабочее время" text={TEXT_WORK_TIME} onClose={onClose} />;
}

export function EmptyCartModal({ onClose }: { onClose: () => void }) {
  const navigate = useNavigateTo();
  return (
    <Dialog title={TEXT_EMPTY_CART_TITLE} onClose={onClose} size="s">
      <p className={styles.text}>{TEXT_EMPTY_CART}</p>
      <button
        type="button"
        className={`${ui.button} ${ui.block}`}
        onClick={() => {
          onClose();
          navigate('/catalog');
        }}
      >
        Перейти в меню
      </button>
    </Dialog>
  );
}
