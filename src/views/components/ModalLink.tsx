// A link-styled button that opens a modal, where the customer makes or changes a choice
// ('Изменить', 'Выбрать ресторан', 'Войдите').
import type { ReactNode } from 'react';
import type { Modal } from '../../events';
import { useDispatch } from '../app/store';
import ui from './ui.module.css';

export function ModalLink({ modal, children }: { modal: Modal; children: ReactNode }) {
  const dispatch = useDispatch();
  return (
    <button type="button" className={ui.link} onClick={() => dispatch({ type: 'OpenModal', data: { modal } })}>
      {children}
    </button>
  );
}
