// Browser entry. On a server-rendered page nothing of the client runs until the first input or the
// first idle moment after the load (docs/SSR.md «Hydration»): the entry only keeps the taps made
// before and then loads the core (./app/storefrontCore.ts: store, effects, views), which a
// client-rendered page loads at once. The staff app (/admin…) is a chunk of its own.
import { afterLoadIdle } from '../effects/afterLoadIdle';
import { ENTRY_AREAS } from './app/entryAreas';
import { captureEarlyClicks, hasServerState, startOnInputOrIdle } from './app/earlyStart';
import './styles/global.css';

const coreFailed = (error: unknown) => console.error('the storefront failed to load', error);

const container = document.getElementById('root');
if (container === null) throw new Error('#root is missing from index.html');
if (/^\/admin(\/|$)/.test(window.location.pathname)) {
  // The storefront's effects (city modal, catalogue, version checks) do not run there (docs/ADMIN-CLIENT.md).
  void ENTRY_AREAS.admin.load().then((mountAdmin) => mountAdmin(container));
} else if (hasServerState(document)) {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    // A core that cannot load leaves the server's page usable as links; a reload fetches the current build.
    void ENTRY_AREAS.core.load().then((core) => core.hydrateStorefront(container, early), coreFailed);
  };
  const early = captureEarlyClicks(document, start);
  startOnInputOrIdle(window, start);
  afterLoadIdle(() => void ENTRY_AREAS.core.load().then((core) => core.prepareStorefront(), coreFailed));
} else void ENTRY_AREAS.core.load().then((core) => core.renderStorefront(container), coreFailed);
