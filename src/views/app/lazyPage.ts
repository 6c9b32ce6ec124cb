// Route-level code splitting: React.lazy per page. A failed chunk (a deploy replaced the hashed
// files) reloads the page once; a sessionStorage flag stops a reload loop, and the second failure
// reaches the error page (PRODUCT.md §8 "A failed chunk load reloads the page").
import {
  createElement,
  lazy,
  useState,
  type ComponentProps,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { withDeciders, type ChunkDeciders } from '../../commands/onDemand';

export const CHUNK_RELOAD_FLAG = 'storefront:chunk-reloaded';

export interface ReloadEnv {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  reload: () => void;
}

const browserEnv = (): ReloadEnv => ({ storage: window.sessionStorage, reload: () => window.location.reload() });

/** Loads a chunk; on failure reloads once (the promise then never settles), else rethrows. */
export async function loadWithReload<T>(load: () => Promise<T>, given?: ReloadEnv): Promise<T> {
  // On the server (docs/SSR.md) there is nothing to reload: a failure is the render's.
  if (given === undefined && typeof window === 'undefined') return load();
  const env = given ?? browserEnv();
  try {
    const module = await load();
    env.storage.removeItem(CHUNK_RELOAD_FLAG);
    return module;
  } catch (error) {
    if (env.storage.getItem(CHUNK_RELOAD_FLAG) === null) {
      env.storage.setItem(CHUNK_RELOAD_FLAG, '1');
      env.reload();
      return new Promise<T>(() => {});
    }
    throw error;
  }
}

/** A lazily loaded page or modal, which can also be loaded ahead (before hydration). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
export type PreloadableComponent<C extends ComponentType<any>> = ((props: ComponentProps<C>) => ReactNode) & {
  preload(): Promise<void>;
};

/**
 * A page or modal chunk; its `deciders` export (src/commands/onDemand.ts) is provided as it loads.
 * Once the chunk is in (loaded ahead, or by an earlier render) an instance renders it directly
 * instead of through React.lazy, which suspends at least once: hydration must find the page's
 * markup ready in the same pass, or React drops the server's markup (docs/SSR.md «Hydration»).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
export function lazyPage<C extends ComponentType<any>>(
  load: () => Promise<{ default: C; deciders?: ChunkDeciders }>,
): PreloadableComponent<C> {
  let loaded: C | null = null;
  let loading: Promise<{ default: C }> | null = null;
  const loadOnce = () => {
    loading ??= withDeciders(() => loadWithReload(load))().then((chunk) => {
      loaded = chunk.default;
      return chunk;
    });
    return loading;
  };
  const Lazy = lazy(loadOnce);
  function Chunk(props: ComponentProps<C>): ReactNode {
    // Chosen once per instance: switching types would remount the page.
    const [Component] = useState<C | LazyExoticComponent<C>>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  return Object.assign(Chunk, { preload: () => loadOnce().then(() => undefined) });
}
