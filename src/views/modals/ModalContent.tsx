// One component per modal kind of the modal projection (PRODUCT.md §2 modal dialogs) but the city
// prompt, which has a chunk of its own (./ModalHost says why).
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

export default function ModalContent({ modal }: { modal: Exclude<Modal, { kind: 'city' }> }) {
  const dispatch = useDispatch();
  const close = () => dispatch({ type: 'CloseModal', data: { kind: modal.kind } });
  switch (modal.kind) {
    case 'userEdit':
      return <UserEditModal onClose={close} />;
    case 'confirm':
      return <ConfirmModal modal={modal} onClose={close} />;
    case 'catalogMenu':
      return <CatalogMenuModal onClose={close} />;
    case 'product':
      return <ProductModal productId={modal.productId} onClose={close} />;
    case 'deliveryMethod':
      return <DeliveryMethodModal onClose={close} />;
    case 'auth':
      return <AuthModal onClose={() => dispatch({ type: 'CancelSignIn', data: {} })} />;
    case 'time':
      return <TimeModal onClose={close} />;
    case 'restaurants':
      return <RestaurantsModal onClose={close} />;
    case 'address':
      return <AddressModal onClose={close} />;
    case 'emptyCart':
      return <EmptyCartModal onClose={close} />;
    case 'modifier':
      return <ModifierModal modal={modal} onClose={close} />;
    case 'snackGift':
      return <SnackGiftModal onClose={close} />;
    case 'halfPizza':
      return <HalfPizzaModal productId={modal.productId} onClose={close} />;
    case 'siteNotWorking':
      return <SiteNotWorkingModal onClose={close} />;
    case 'workTime':
      return <WorkTimeModal onClose={close} />;
    case 'rating':
      return (
        <RatingModal
          orderId={modal.orderId}
          number={modal.number}
          onClose={() => dispatch({ type: 'DismissRatingPrompt', data: { orderId: modal.orderId } })}
        />
      );
    default: {
      const unreachable: never = modal;
      throw new Error(`unknown modal ${JSON.stringify(unreachable)}`);
    }
  }
}
