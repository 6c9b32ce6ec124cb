// Stands in for `use-sync-external-store/shim` (wouter's import, vite.config.ts resolve.alias).
// The shim back-ports the hook to React 16 and 17 and carries that fallback code into the
// bundle; React 19 has the hook itself, which is what the shim hands out on React 18+ anyway.
export { useSyncExternalStore } from 'react';
