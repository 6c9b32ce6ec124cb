// Toasts of the admin area: the server's 4xx `message` of a failed call, confirmations of saved
// changes. Each leaves by itself after TOAST_MS or when dismissed.
export interface AdminToast {
  id: number;
  kind: 'error' | 'success' | 'info';
  text: string;
}

export interface ToastStore {
  list(): readonly AdminToast[];
  push(kind: AdminToast['kind'], text: string): void;
  dismiss(id: number): void;
  subscribe(listener: () => void): () => void;
}

export const TOAST_MS = 6000;

export function createToastStore(): ToastStore {
  let toasts: readonly AdminToast[] = [];
  let next = 1;
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const l of [...listeners]) l();
  };
  return {
    list: () => toasts,
    push(kind, text) {
      // the same text twice in a row (a double click) shows once
      if (toasts.some((t) => t.text === text && t.kind === kind)) return;
      toasts = [...toasts.slice(-4), { id: next++, kind, text }];
      emit();
    },
    dismiss(id) {
      toasts = toasts.filter((t) => t.id !== id);
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
