// Registers /sw.js (docs/PUSH.md): order-status pushes and the offline menu. After the load event,
// so the worker's first fetch of the shell never competes with the page's own; production builds
// only (the dev server has no /sw.js).
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.warn('service worker not registered', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
