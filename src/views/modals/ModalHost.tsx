// Renders the topmost modal of the modal projection. The modal bodies are one lazy chunk, but the
// city prompt: a first visit shows it while the page is still painting, and with every modal
// (their forms and the deciders they bring) it was 25 KB of scripts fetched before the largest
// picture could paint (Lighthouse on /, BENCHMARKS.md "Web"). It comes alone instead.
import { Suspense } from 'react';
import { selectCurrentModal } from '../../projections/modal';
import { lazyPage } from '../app/lazyPage';
import { useSelector } from '../app/store';

const ModalContent = lazyPage(() => import('./ModalContent'));
const CityModal = lazyPage(() => import('./CityModal').then((m) => ({ default: m.CityModal })));

export function ModalHost() {
  const modal = useSelector((s) => selectCurrentModal(s.modal));
  if (modal === null) return null;
  return <Suspense fallback={null}>{modal.kind === 'city' ? <CityModal /> : <ModalContent modal={modal} />}</Suspense>;
}
