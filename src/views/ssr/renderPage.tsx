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
import { pageStatus, pageTitle } from './pageMeta';
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

export async function renderPage(input: PageRenderInput): Promise<PageRenderResult> {
  const state = buildServerState(input);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StoreProvider store={staticStore(state, input.now)}>
        <Router ssrPath={input.pathname} ssrSearch={input.search.replace(/^\?/, '')}>
          <App />
        </Router>
      </StoreProvider>
    </StrictMode>,
  );
  const status = pageStatus(state, input.match);
  return {
    html: await streamText(prelude),
    state,
    status: status.code,
    title: pageTitle(state, input.match),
    missingProductSection: status.missingProductSection,
  };
}
