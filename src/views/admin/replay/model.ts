// The replay viewer's model: a log stepped entry by entry, with entries switched off
// (Redux DevTools' "skip"). Step 0 is the start (the snapshot's state, or the initial state);
// step i (1…n) is the state after the log's i-th entry. Pure; the viewer memoises it.
import { diffStates, replay, replaySkipping, type Log, type LogEntry, type StateChange } from '../../../log/log';
import { initialState, type AppState } from '../../../projections/store';

export type Timeline = {
  log: Log;
  /** `states[0]` is the start, `states[i]` the state after `log.entries[i - 1]`. */
  states: AppState[];
  /** The same without any skipped entry (to show what skipping changed). */
  recorded: AppState[];
  skipped: ReadonlySet<number>;
};

/** The states of a log as recorded (step 0 = start); pass to buildTimeline to reuse them. */
export function recordedStates(log: Log): AppState[] {
  return [log.snapshot?.state ?? initialState, ...replay(log).states];
}

export function buildTimeline(
  log: Log,
  skipped: ReadonlySet<number> = new Set(),
  recorded: AppState[] = recordedStates(log),
): Timeline {
  const start = recorded[0] ?? log.snapshot?.state ?? initialState;
  const states = skipped.size === 0 ? recorded : [start, ...replaySkipping(log, skipped).states];
  return { log, states, recorded, skipped };
}

/** Entries count + 1 steps: 0 … n. */
export const stepCount = (t: Timeline): number => t.states.length;

export const clampStep = (t: Timeline, step: number): number =>
  Math.min(Math.max(0, Math.trunc(step)), t.states.length - 1);

/** The entry shown at a step (none at step 0). */
export const entryAt = (t: Timeline, step: number): LogEntry | undefined =>
  step > 0 ? t.log.entries[step - 1] : undefined;

export function stateAtStep(t: Timeline, step: number): AppState {
  return t.states[clampStep(t, step)] ?? initialState;
}

/** What the entry at `step` changed (nothing at step 0 or for a skipped entry). */
export function changesAt(t: Timeline, step: number): StateChange[] {
  const s = clampStep(t, step);
  if (s === 0) return [];
  return diffStates(t.states[s - 1], t.states[s]);
}

/** How the state at `step` differs from the recorded one because of the skipped entries. */
export function skipEffectAt(t: Timeline, step: number): StateChange[] {
  if (t.skipped.size === 0) return [];
  const s = clampStep(t, step);
  return diffStates(t.recorded[s], t.states[s]);
}

/** A one-line title of an entry: 'AddItem → ItemAdded, PromoRequested'. */
export function entryTitle(entry: LogEntry): string {
  const command = entry.command ? entry.command.type : '(без команды)';
  const events = entry.events.length > 0 ? entry.events.map((e) => e.type).join(', ') : '(нет событий)';
  return `${command} → ${events}`;
}

/** Toggles one position in a skip set (a new set). */
export function toggled(set: ReadonlySet<number>, position: number): Set<number> {
  const next = new Set(set);
  if (next.has(position)) next.delete(position);
  else next.add(position);
  return next;
}
