// Read-only data the core has no command or projection for yet, handed to the views by main.tsx.
// STOPGAP: informational pages (GET /api/v1/page/{slug}/{cityId}) and order history are not in
// the core; once it has LoadPage / PageLoaded (and LoadHistory / HistoryLoaded) the views will
// dispatch and select instead, and this context goes away.
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { Page } from '../../api/contract/pages';
import type { Order } from '../../api/contract/orders';

export interface ViewServices {
  loadPage(slug: string, cityId: string): Promise<Page>;
  /** Newest first, the latest page. */
  loadHistory(phone: string): Promise<Order[]>;
}

const ServicesContext = createContext<ViewServices | null>(null);

export function ServicesProvider({ services, children }: { services: ViewServices; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): ViewServices {
  const services = useContext(ServicesContext);
  if (services === null) throw new Error('useServices outside <ServicesProvider>');
  return services;
}

export type Remote<T> = { status: 'loading' } | { status: 'loaded'; value: T } | { status: 'failed'; error: unknown };

/** Runs `load` whenever `key` changes (null key: nothing to load yet). */
export function useRemote<T>(key: string | null, load: () => Promise<T>): Remote<T> {
  const [state, setState] = useState<Remote<T>>({ status: 'loading' });
  useEffect(() => {
    if (key === null) return;
    let alive = true;
    setState({ status: 'loading' });
    load().then(
      (value) => alive && setState({ status: 'loaded', value }),
      (error: unknown) => alive && setState({ status: 'failed', error }),
    );
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by `key`
  }, [key]);
  return state;
}
