// Browser entry of the admin area (loaded lazily by src/views/main.tsx for /admin… paths, so the
// storefront never loads it): the staff session from its own storage key, the AdminApi with the
// staff token, the Web Audio beeper and the browser's WebSocket.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAdminApi } from '../../api/adminApi';
import { AdminApp } from './AdminApp';
import { createWebAudioBeeper } from './data/beep';
import type { AdminServices } from './data/context';
import { browserStorage } from '../app/browserStorage';
import { createStaffSessionStore } from './data/session';
import { createToastStore } from './data/toasts';
import '../styles/global.css';

export function createBrowserAdminServices(): AdminServices {
  const session = createStaffSessionStore(browserStorage('__admin_probe__'));
  const api = createAdminApi({
    baseUrl: '',
    origin: window.location.origin,
    getToken: () => session.get()?.token ?? null,
    onUnauthorized: () => session.clear('expired'),
  });
  return {
    api,
    session,
    toasts: createToastStore(),
    beeper: createWebAudioBeeper(),
    openSocket: (url) => new WebSocket(url),
    siteOrigin: window.location.origin,
    // loaded only when a sign-in is asked to pass the captcha
    captcha: { token: (info) => import('../../effects/captchaBrowser').then((m) => m.browserCaptcha().token(info)) },
  };
}

export function mountAdmin(container: HTMLElement): void {
  document.documentElement.lang = 'ru';
  document.title = 'Панель управления';
  createRoot(container).render(
    <StrictMode>
      <AdminApp services={createBrowserAdminServices()} />
    </StrictMode>,
  );
}
