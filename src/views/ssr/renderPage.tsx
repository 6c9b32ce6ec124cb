// The storefront rendered on the server: the same App over a store holding the anonymous state
// (serverState.ts), waiting for the lazy page chunks (prerender), built by `vite build --ssr`.
// See docs/SSR.md.
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { Router } from 'wouter';
import type { PageRenderInput, PageRenderResult } from '../../api/pageRender';
import type { AppState } from '../../projections/store';
import { App } from '../app/App';
import { StoreProvider, type ViewStore } from '../app/store';
import { pageStatus, pageTitle } from '../app/pageMeta';
import { serverStateBlock } from '../app/stateBlock';
import { buildServerState } from './serverState';

/** A store that only shows `state`: nothing is dispatched while rendering on the server. */
function staticStore(state: AppState, now: string): ViewStore {
  return {
    getState: () => state,
    subscribe: () => () => {},
    dispatch: () => undefined,
    now: () => now,
  };
}

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/** React's mark of a boundary still waiting (its content would follow with an inline script). */
const PENDING_BOUNDARY = '<!--$?-->';
/** The page and modal chunks a page can wait for: each is loaded by one pass at most. */
const MAX_PASSES = 4;

async function renderOnce(input: PageRenderInput, state: AppState, errors: string[]): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StoreProvider store={staticStore(state, input.now)}>
        <Router ssrPath={input.pathname} ssrSearch="">
          <App />
        </Router>
      </StoreProvider>
    </StrictMode>,
    {
      // A large boundary would otherwise be written after the shell with an inline script (which
      // the CSP refuses): the whole page is sent at once anyway.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError: (error: unknown) => {
        errors.push(error instanceof Error ? (error.stack ?? error.message) : String(error));
      },
    },
  );
  return streamText(prelude);
}

/**
 * The markup with every boundary complete. A lazy page suspends the first time this process
 * renders it, and React then writes its content after the shell with an inline script, which the
 * CSP refuses; the chunk stays loaded, so the next pass renders it in place.
 */
export async function renderPage(input: PageRenderInput): Promise<PageRenderResult> {
  const state = buildServerState(input);
  let errors: string[] = [];
  let html = '';
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    errors = [];
    html = await renderOnce(input, state, errors);
    if (!html.includes(PENDING_BOUNDARY)) break;
  }
  const status = pageStatus(state, input.match);
  return {
    html,
    state: serverStateBlock(state),
    status: status.code,
    title: pageTitle(state, input.match),
    errors,
    missingProductSection: status.missingProductSection,
  };
}
