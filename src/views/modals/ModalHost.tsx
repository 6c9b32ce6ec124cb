// Renders the topmost modal of the modal projection. The modal bodies are one lazy chunk.
import { Suspense } from 'react';
import { selectCurrentModal } from '../../projections/modal';
import { lazyPage } from '../app/lazyPage';
import { useSelector } from '../app/store';

const ModalContent = lazyPage(() => import('./ModalContent'));

export function ModalHost() {
  const modal = useSelector((s) => selectCurrentModal(s.modal));
  if (modal === null) return null;
  return (
    <Suspense fallback={null}>
      <ModalContent modal={modal} />
    </Suspense>
  );
}
