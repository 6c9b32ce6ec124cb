// A server-rendered page starts its effects after the load event (src/views/main.tsx): the API
// calls, their chunks and folding the answers never compete with the page's first paint.
import { describe, expect, it, vi } from 'vitest';
import { afterLoad } from '../../src/views/app/hydration';

function fakeWindow(readyState: DocumentReadyState) {
  const listeners: (() => void)[] = [];
  const timers: (() => void)[] = [];
  return {
    document: { readyState },
    addEventListener: (type: string, listener: () => void) => {
      if (type === 'load') listeners.push(listener);
    },
    setTimeout: (handler: () => void) => timers.push(handler),
    load: () => listeners.splice(0).forEach((l) => l()),
    runTimers: () => timers.splice(0).forEach((t) => t()),
  };
}

describe('afterLoad', () => {
  it('waits for the load event, then runs in a task of its own', () => {
    const win = fakeWindow('interactive');
    const run = vi.fn();
    afterLoad(win, run);
    win.runTimers();
    expect(run).not.toHaveBeenCalled();
    win.load();
    expect(run).not.toHaveBeenCalled();
    win.runTimers();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs in the next task when the page has already loaded', () => {
    const win = fakeWindow('complete');
    const run = vi.fn();
    afterLoad(win, run);
    expect(run).not.toHaveBeenCalled();
    win.runTimers();
    expect(run).toHaveBeenCalledTimes(1);
  });
});
