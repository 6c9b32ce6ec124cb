// PRODUCT.md §6 guards. Auth guard: signed out → home and the auth modal. Cart-empty guard: an empty
// cart → home and the empty-cart modal. Both wait until the session has started (the persisted
// cart, user and auth are restored before SessionStarted), so a reload keeps a signed-in user.
import { useEffect, useRef, type ReactNode } from 'react';
import { selectIsCartEmpty } from '../../projections/cart';
import { selectIsSignedIn } from '../../projections/store';
import { PageLoader } from '../components/PageLoader';
import { useNavigateTo } from './routing';
import { useDispatch, useSelector } from './store';

const useSessionStarted = () => useSelector((s) => s.view.openedAt !== null);

export function RequireAuth({ children }: { children: ReactNode }) {
  const ready = useSessionStarted();
  const signedIn = useSelector(selectIsSignedIn);
  const navigate = useNavigateTo();
  const dispatch = useDispatch();
  const wasSignedIn = useRef(false);
  if (signedIn) wasSignedIn.current = true;
  useEffect(() => {
    if (!ready || signedIn) return;
    navigate('/', { replace: true });
    // After a logout on this page the router simply goes home; a visitor gets the auth modal.
    if (!wasSignedIn.current) dispatch({ type: 'OpenModal', data: { modal: { kind: 'auth' } } });
  }, [ready, signedIn, navigate, dispatch]);
  if (!ready) return <PageLoader />;
  return signedIn ? <>{children}</> : null;
}

export function RequireCart({ children }: { children: ReactNode }) {
  const ready = useSessionStarted();
  const empty = useSelector((s) => selectIsCartEmpty(s.cart));
  const navigate = useNavigateTo();
  const dispatch = useDispatch();
  useEffect(() => {
    if (!ready || !empty) return;
    navigate('/', { replace: true });
    dispatch({ type: 'OpenModal', data: { modal: { kind: 'emptyCart' } } });
  }, [ready, empty, navigate, dispatch]);
  if (!ready) return <PageLoader />;
  return empty ? null : <>{children}</>;
}
