// Hydration of a server-rendered page (docs/SSR.md «Hydration»): the snapshot the server rendered
// from, and the signal that the page's boundary has hydrated. When it starts, and the taps made
// before, are the entry's (./earlyStart.ts).
import { createContext, useContext, useEffect } from 'react';
import type { AppState } from '../../projections/store';
import { SERVER_STATE_ID } from './earlyStart';
import { stateFromBlock } from './stateBlock';

/** The server's state in the page, or null (a client-rendered page, or an unreadable block). */
export function readServerState(doc: Document): AppState | null {
  const text = doc.getElementById(SERVER_STATE_ID)?.textContent;
  if (text === undefined || text === null || text === '') return null;
  try {
    return stateFromBlock(JSON.parse(text));
  } catch {
    return null;
  }
}

/**
 * The browser's starting state from the server's: its own session starts from its cookies (the
 * decider's StartSession only runs while `openedAt` is null).
 */
export function clientStartState(snapshot: AppState): AppState {
  return { ...snapshot, view: { ...snapshot.view, openedAt: null } };
}

const HydratedContext = createContext<(() => void) | null>(null);
export const HydratedSignal = HydratedContext.Provider;

/** Rendered beside the page: its effect runs once the page's boundary has hydrated. */
export function HydrationMark() {
  const hydrated = useContext(HydratedContext);
  useEffect(() => hydrated?.(), [hydrated]);
  return null;
}
