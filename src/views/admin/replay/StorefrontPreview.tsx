// The storefront rendered read-only over a replayed state: the real App under a store
// whose state is the selected step's and whose dispatch does nothing, at a path of the viewer's
// choosing (the report's route by default), inside a box that contains its fixed-position parts
// (header, modals, toasts). The preview never calls the server: pages that load remote data
// (informational pages, order history) show what the replayed state holds (PageLoaded,
// OrderHistoryLoaded recorded before the step), and their loader when it holds nothing.
import { Component, useMemo, useState, type ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { AppState } from '../../../projections/store';
import { App } from '../../app/App';
import { StoreProvider, type ViewStore } from '../../app/store';
import s from './replay.module.css';

export const PREVIEW_READ_ONLY = 'Просмотр: действия на витрине не выполняются';

/**
 * A store that always answers `state` and ignores every command; its clock stands at the replayed
 * session's opening, so working hours look as the customer saw them.
 */
export function readOnlyStore(state: AppState): ViewStore & { dispatched: number } {
  const opened = state.view.openedAt;
  const store = {
    dispatched: 0,
    now: () => opened ?? new Date().toISOString(),
    getState: () => state,
    subscribe: () => () => undefined,
    dispatch: () => {
      store.dispatched += 1;
    },
  };
  return store;
}

class PreviewBoundary extends Component<
  { children: ReactNode; resetKey: unknown },
  { error: string | null; key: unknown }
> {
  override state = { error: null as string | null, key: this.props.resetKey };
  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
  static getDerivedStateFromProps(props: { resetKey: unknown }, state: { key: unknown }) {
    return props.resetKey !== state.key ? { key: props.resetKey, error: null } : null;
  }
  override render() {
    if (this.state.error !== null)
      return (
        <p className={s.previewError} role="alert">
          Витрина не отрисовалась на этом шаге: {this.state.error}
        </p>
      );
    return this.props.children;
  }
}

function Preview({ state, path }: { state: AppState; path: string }) {
  // The admin page must not be scroll-locked by a modal of the replayed state.
  const shown = useMemo(
    () => (state.view.hiddenScroll ? { ...state, view: { ...state.view, hiddenScroll: false } } : state),
    [state],
  );
  const store = useMemo(() => readOnlyStore(shown), [shown]);
  const location = useMemo(() => memoryLocation({ path }), [path]);
  return (
    <StoreProvider store={store}>
      <Router hook={location.hook}>
        <App />
      </Router>
    </StoreProvider>
  );
}

export function StorefrontPreview({ state, initialPath }: { state: AppState; initialPath: string }) {
  const [path, setPath] = useState(initialPath || '/');
  const [draft, setDraft] = useState(path);
  return (
    <section className={s.preview} aria-label="Витрина на выбранном шаге">
      <form
        className={s.previewBar}
        onSubmit={(event) => {
          event.preventDefault();
          setPath(draft.startsWith('/') ? draft : `/${draft}`);
        }}
      >
        <label className={s.previewPath}>
          Адрес страницы
          <input value={draft} onChange={(event) => setDraft(event.target.value)} />
        </label>
        <button type="submit">Показать</button>
        <span className={s.muted}>{PREVIEW_READ_ONLY}</span>
      </form>
      <div className={s.previewFrame} data-testid="storefront-preview">
        <PreviewBoundary resetKey={state}>
          <Preview state={state} path={path} />
        </PreviewBoundary>
      </div>
    </section>
  );
}
