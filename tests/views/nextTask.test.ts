// The browser's next task for start-up work (src/views/app/nextTask.ts): scheduler.yield() where
// there is one, else a zero timeout.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserNextTask } from '../../src/views/app/nextTask';

afterEach(() => vi.useRealTimers());

describe('browserNextTask', () => {
  it('continues after scheduler.yield() where the browser has it', async () => {
    let release = () => {};
    const yielded = new Promise<void>((resolve) => (release = resolve));
    const scheduler = { yield: vi.fn(() => yielded) };
    const ran: string[] = [];
    browserNextTask({ scheduler })(() => ran.push('task'));
    expect(scheduler.yield).toHaveBeenCalledTimes(1);
    expect(ran).toEqual([]);
    release();
    await yielded;
    await Promise.resolve();
    expect(ran).toEqual(['task']);
  });

  it('else runs the task from a zero timeout, never at once', () => {
    vi.useFakeTimers();
    const ran: string[] = [];
    browserNextTask({})(() => ran.push('task'));
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(0);
    expect(ran).toEqual(['task']);
  });
});
