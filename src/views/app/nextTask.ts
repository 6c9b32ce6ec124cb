// A later task of its own for a piece of start-up work, so the browser can paint and answer input
// between pieces: `scheduler.yield()` where the browser has it (the continuation keeps its place
// ahead of other queued tasks), else a zero timeout.
import type { NextTask } from '../../effects';

type YieldingScheduler = { yield(): Promise<void> };

function yieldingScheduler(scope: object): YieldingScheduler | null {
  const scheduler: unknown = 'scheduler' in scope ? scope.scheduler : undefined;
  return typeof scheduler === 'object' &&
    scheduler !== null &&
    'yield' in scheduler &&
    typeof scheduler.yield === 'function'
    ? (scheduler as YieldingScheduler)
    : null;
}

export function browserNextTask(scope: object = globalThis): NextTask {
  const scheduler = yieldingScheduler(scope);
  if (scheduler !== null) return (task) => void scheduler.yield().then(task);
  return (task) => void setTimeout(task, 0);
}
