// The browser's side of web push (docs/PUSH.md), as effects see it: what the browser can do, a
// subscription with the server's VAPID key, and unsubscribing. The real one is pushBrowser.ts;
// tests give a fake. Effects reach it through `deps.pushDevice` (absent: no push at all).

export type PushDeviceState = 'unsupported' | 'denied' | 'subscribed' | 'available';

/** PushSubscription.toJSON(), as the server stores it. */
export interface DeviceSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushDevice {
  state(): Promise<PushDeviceState>;
  /** This browser's subscription, if it has one. */
  current(): Promise<DeviceSubscription | null>;
  /** Asks the permission when needed, then subscribes; 'denied' when the customer refused. */
  subscribe(vapidPublicKey: string): Promise<DeviceSubscription | 'denied'>;
  /** Drops this browser's subscription; its endpoint, or null when it had none. */
  unsubscribe(): Promise<string | null>;
}
