// 'Редактирование информации' — name and consents (EditProfile; ProfileLoaded closes the modal).
import { TITLE_USER_EDIT } from '../../projections/modal';
import { Dialog } from './Dialog';
import { ProfileForm } from '../components/ProfileForm';

export function UserEditModal({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title={TITLE_USER_EDIT} onClose={onClose} size="s">
      <ProfileForm />
    </Dialog>
  );
}
