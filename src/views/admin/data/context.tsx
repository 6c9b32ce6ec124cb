// What the admin screens may use for I/O, provided once at the admin root. Screens never call
// fetch: they go through the hooks of this folder, which use `api` (the typed AdminApi).
import type { ReactNode } from 'react';
import type { AdminApi } from '../../../api/adminApi';
import type { CaptchaRunner } from '../../../effects/captcha';
import type { Beeper } from './beep';
import type { StaffSessionStore } from './session';
import type { ToastStore } from './toasts';
import { requiredContext } from '../../app/requiredContext';

/** What the live orders list needs of a WebSocket (the browser's, or a test's fake). */
export interface SocketLike {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  close(code?: number, reason?: string): void;
}

export interface AdminServices {
  api: AdminApi;
  session: StaffSessionStore;
  toasts: ToastStore;
  beeper: Beeper;
  openSocket: (url: string) => SocketLike;
  /** Where the storefront lives, for "open on the site" links. */
  siteOrigin: string;
  /** The captcha a sign-in from a new browser may be asked to pass (the storefront's widget). */
  captcha?: CaptchaRunner;
}

const Context = requiredContext<AdminServices>('AdminServicesProvider');
export const useAdminServices = Context.use;

export function AdminServicesProvider({ services, children }: { services: AdminServices; children: ReactNode }) {
  return <Context.Provider value={services}>{children}</Context.Provider>;
}
