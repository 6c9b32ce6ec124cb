// Confirm modal: e.g. the cart validation reasons with 'Ок' (PRODUCT.md §4).
import type { Modal } from '../../events/modal';
import ui from '../components/ui.module.css';
import { Dialog } from './Dialog';
import styles from './modals.module.css';

export function ConfirmModal({ modal, onClose }: { modal: Extract<Modal, { kind: 'confirm' }>; onClose: () => void }) {
  return (
    <Dialog title={modal.title} label="Внимание" onClose={onClose} size="s">
      {modal.messages.length === 1 ? (
        <p className={styles.lead}>{modal.messages[0]}</p>
      ) : (
        <ul className={styles.messages}>
          {modal.messages.map((m, i) => (
            <li key={i}>{m}</li>
          ))}
        </ul>
      )}
      <button type="button" className={`${ui.button} ${ui.block}`} onClick={onClose} data-autofocus>
        {modal.confirmText}
      </button>
    </Dialog>
  );
}
