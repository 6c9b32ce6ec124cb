// PushDevice over the browser's Push API and the service worker of /sw.js (docs/PUSH.md).
import type { DeviceSubscription, PushDevice, PushDeviceState } from './pushDevice';

function supported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

async function registration(): Promise<ServiceWorkerRegistration> {
  // registered at start (src/views/app/serviceWorker.ts); ready resolves once it is active
  return navigator.serviceWorker.ready;
}

function asDevice(subscription: PushSubscription): DeviceSubscription {
  const json = subscription.toJSON();
  return { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } };
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

export function browserPushDevice(): PushDevice {
  return {
    async state(): Promise<PushDeviceState> {
      if (!supported()) return 'unsupported';
      if (Notification.permission === 'denied') return 'denied';
      const existing = await (await registration()).pushManager.getSubscription();
      return existing !== null && Notification.permission === 'granted' ? 'subscribed' : 'available';
    },
    async current() {
      if (!supported()) return null;
      const existing = await (await registration()).pushManager.getSubscription();
      return existing === null ? null : asDevice(existing);
    },
    async subscribe(vapidPublicKey) {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') return 'denied';
      const manager = (await registration()).pushManager;
      const subscription = await manager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(vapidPublicKey),
      });
      return asDevice(subscription);
    },
    async unsubscribe() {
      if (!supported()) return null;
      const existing = await (await registration()).pushManager.getSubscription();
      if (existing === null) return null;
      await existing.unsubscribe();
      return existing.endpoint;
    },
  };
}
