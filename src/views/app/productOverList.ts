// A product opened from a list gets its own address (docs/PRODUCT.md §2 "Product links"): the
// address moves to the product's page with a "came from the list" marker in history.state, the list
// stays on screen under the dialog, closing the dialog goes back and Back closes it.
import { useCallback, useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { useDispatch, useSelector } from './store';

/**
 * history.state survives a reload, but a reload must show the product page: the marker names the
 * document that wrote it, and another document (the reloaded one) ignores it.
 */
const DOCUMENT_ID = Math.random().toString(36);

type Marker = { listHref: string; productId: string; documentId: string };

function readMarker(state: unknown): Marker | null {
  const m: unknown = typeof state === 'object' && state !== null && 'overList' in state ? state.overList : null;
  if (typeof m !== 'object' || m === null || !('documentId' in m) || m.documentId !== DOCUMENT_ID) return null;
  const { listHref, productId } = m as Partial<Marker>;
  return typeof listHref === 'string' && typeof productId === 'string'
    ? { listHref, productId, documentId: DOCUMENT_ID }
    : null;
}

const currentMarker = (): Marker | null => readMarker(window.history.state);

export type ListUnder = { pathname: string; hash: string };

/**
 * The list shown under an open product's address ('/catalog/rolls', '#top-of-catalog'), or null
 * when the address is shown as its own page. The server and hydration never have one.
 */
export function useListUnder(): ListUnder | null {
  const href = readMarker(useHistoryState())?.listHref;
  if (href === undefined) return null;
  const url = new URL(href, window.location.origin);
  return { pathname: url.pathname, hash: url.hash };
}

/** Opens a product's dialog and moves the address to its page (`href`, already under the city base). */
export function useOpenProduct(): (productId: string, href: string) => void {
  const dispatch = useDispatch();
  const [, navigate] = useLocation();
  return useCallback(
    (productId, href) => {
      const listHref = `${location.pathname}${location.search}${location.hash}`;
      const overList: Marker = { listHref, productId, documentId: DOCUMENT_ID };
      dispatch({ type: 'OpenModal', data: { modal: { kind: 'product', productId } } });
      navigate(href, { state: { overList } });
    },
    [dispatch, navigate],
  );
}

/**
 * Keeps the product dialog and the address together: the dialog closed by the customer goes back
 * to the list's address; Back closes the dialog and Forward opens it again.
 */
export function useProductAddressSync(): void {
  const dispatch = useDispatch();
  const openProductId = useSelector((s) => s.modal.stack.findLast((m) => m.kind === 'product')?.productId ?? null);
  const wasOpen = useRef(openProductId);
  useEffect(() => {
    const closed = wasOpen.current !== null && openProductId === null;
    wasOpen.current = openProductId;
    if (closed && currentMarker() !== null) window.history.back();
  }, [openProductId]);
  useEffect(() => {
    const onPopState = () => {
      const marker = currentMarker();
      const open = wasOpen.current;
      if (marker === null && open !== null) dispatch({ type: 'CloseModal', data: { kind: 'product' } });
      else if (marker !== null && open !== marker.productId)
        dispatch({ type: 'OpenModal', data: { modal: { kind: 'product', productId: marker.productId } } });
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [dispatch]);
}
