// One component per modal kind of the modal projection (PRODUCT.md §2 modal dialogs) but the city
// prompt, which has a chunk of its own (./ModalHost says why).
import type { ComponentType } from 'react';
import type { Modal } from '../../events/modal';
import { useDispatch } from '../app/store';
import { AddressModal } from './AddressModal';
import { AuthModal } from './AuthModal';
import { CatalogMenuModal } from './CatalogMenuModal';
import { ConfirmModal } from './ConfirmModal';
import { DeliveryMethodModal } from './DeliveryMethodModal';
import { EmptyCartModal, SiteNotWorkingModal, SnackGiftModal, WorkTimeModal } from './InfoModals';
import { HalfPizzaModal } from './HalfPizzaModal';
import { ModifierModal } from './ModifierModal';
import { ProductModal } from './ProductModal';
import { RestaurantsModal } from './RestaurantsModal';
import { TimeModal } from './TimeModal';
import { UserEditModal } from './UserEditModal';
import { RatingModal } from './RatingModal';
import { decideSignIn } from '../../commands/signIn.decide';
import { decideAddress } from '../../commands/address.decide';
import { decideCheckout } from '../../commands/checkout.decide';
import { decideUser } from '../../commands/user.decide';
import type { ChunkDeciders } from '../../commands/onDemand';

export const deciders: ChunkDeciders = {
  signIn: decideSignIn,
  address: decideAddress,
  checkout: decideCheckout,
  user: decideUser,
};

/** The modals that show none of the modal's data and close as every modal does, by kind. */
const CLOSE_ONLY = {
  userEdit: UserEditModal,
  catalogMenu: CatalogMenuModal,
  deliveryMethod: DeliveryMethodModal,
  time: TimeModal,
  restaurants: RestaurantsModal,
  address: AddressModal,
  emptyCart: EmptyCartModal,
  snackGift: SnackGiftModal,
  siteNotWorking: SiteNotWorkingModal,
  workTime: WorkTimeModal,
} satisfies Partial<Record<Modal['kind'], ComponentType<{ onClose: () => void }>>>;

export default function ModalContent({ modal }: { modal: Exclude<Modal, { kind: 'city' }> }) {
  const dispatch = useDispatch();
  const close = () => dispatch({ type: 'CloseModal', data: { kind: modal.kind } });
  switch (modal.kind) {
    case 'confirm':
      return <ConfirmModal modal={modal} onClose={close} />;
    case 'product':
      return <ProductModal productId={modal.productId} onClose={close} />;
    case 'auth':
      return <AuthModal onClose={() => dispatch({ type: 'CancelSignIn', data: {} })} />;
    case 'modifier':
      return <ModifierModal modal={modal} onClose={close} />;
    case 'halfPizza':
      return <HalfPizzaModal productId={modal.productId} onClose={close} />;
    case 'rating':
      return (
        <RatingModal
          orderId={modal.orderId}
          number={modal.number}
          onClose={() => dispatch({ type: 'DismissRatingPrompt', data: { orderId: modal.orderId } })}
        />
      );
    default: {
      // Every other kind is in CLOSE_ONLY: a kind in neither fails the type check here.
      const Content = CLOSE_ONLY[modal.kind];
      return <Content onClose={close} />;
    }
  }
}
