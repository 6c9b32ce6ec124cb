// Browser entry: the store, the API client (bearer token from the auth projection), the effects'
// deps (fetch, js-cookie, localStorage, window.location), the effects, and the React tree.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { createApiClient } from '../api/client';
import { getPage } from '../api/contract/pages';
import { getHistoryRoute } from '../api/storefrontApi';
import { createStore } from '../commands/bus';
import { App } from './app/App';
import { usePendingProfileSync } from './app/pendingProfile';
import { ServicesProvider, type ViewServices } from './app/services';
import { StoreProvider } from './app/store';
import './styles/global.css';

function newId(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

const store = createStore({ deps: { now: () => new Date().toISOString(), newId } });
const api = createApiClient({ baseUrl: '', getToken: () => store.getState().auth.token });
const services: ViewServices = {
  loadPage: (slug, cityId) => api.call(getPage, { params: { slug, cityId } }),
  loadHistory: (phone) => api.call(getHistoryRoute, { params: { phone } }),
};

function Root() {
  usePendingProfileSync();
  return <App />;
}

const container = document.getElementById('root');
if (container === null) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <StoreProvider store={store}>
      <ServicesProvider services={services}>
        <Router>
          <Root />
        </Router>
      </ServicesProvider>
    </StoreProvider>
  </StrictMode>,
);
