// The replay viewer: a recorded log stepped and scrubbed entry by entry. At each step it
// shows the command, its events, what they changed in the state (the diff) and the projected
// state, and renders the storefront read-only over that state. An entry can be skipped (Redux
// DevTools' toggle): its events are left out, every later entry is replayed again, and the viewer
// shows how the state differs from the recorded one.
import { useMemo, useState, type KeyboardEvent } from 'react';
import type { ClientReport } from '../../../api/contract/clientLog';
import type { Log } from '../../../log/log';
import { TabBar } from '../kit/lists';
import { cx, formatDateTime } from '../ui';
import {
  buildTimeline,
  changesAt,
  clampStep,
  entryAt,
  entryTitle,
  recordedStates,
  skipEffectAt,
  stateAtStep,
  toggled,
} from './model';
import { Changes, Json, ReportHead, StateView } from './ReplayParts';
import { StorefrontPreview } from './StorefrontPreview';
import a from '../admin.module.css';
import s from './replay.module.css';

/** Entries listed around the selected one (the scrubber reaches the rest). */
export const LIST_WINDOW = 100;
export type ReplayViewerProps = {
  report: ClientReport | null;
  /** The page loads, oldest first; the last is the one the report was made on. */
  logs: readonly Log[];
  /** For "Скачать файл" and the CLI hint. */
  fileName: string;
  onDownload?: () => void;
};

export function ReplayViewer({ report, logs, fileName, onDownload }: ReplayViewerProps) {
  const [sessionIndex, setSessionIndex] = useState(logs.length - 1);
  const log = logs[sessionIndex] ?? logs[logs.length - 1];
  if (log === undefined) return <p className={s.muted}>В журнале нет записей.</p>;
  return (
    <div className={s.viewer}>
      {report ? <ReportHead report={report} /> : null}
      <div className={s.toolbar}>
        {logs.length > 1 ? (
          <label>
            Загрузка страницы{' '}
            <select
              value={sessionIndex}
              onChange={(event) => setSessionIndex(Number(event.target.value))}
              className={a.select}
            >
              {logs.map((l, i) => (
                <option key={i} value={i}>
                  {i === logs.length - 1 ? 'последняя (с ошибкой)' : `${i + 1}-я из ${logs.length}`} —{' '}
                  {l.entries.length} записей
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {onDownload ? (
          <button type="button" className={cx(a.button, a.secondary)} onClick={onDownload}>
            Скачать файл
          </button>
        ) : null}
        <code className={s.hint}>npm run replay -- {fileName} --to-test ИМЯ</code>
      </div>
      <LogViewer key={sessionIndex} log={log} route={report?.route ?? '/'} />
    </div>
  );
}

const PANELS = [
  { id: 'storefront', label: 'Витрина' },
  { id: 'state', label: 'Состояние' },
] as const;

export function LogViewer({ log, route }: { log: Log; route: string }) {
  const recorded = useMemo(() => recordedStates(log), [log]);
  const [skipped, setSkipped] = useState<ReadonlySet<number>>(() => new Set());
  const timeline = useMemo(() => buildTimeline(log, skipped, recorded), [log, skipped, recorded]);
  const last = timeline.states.length - 1;
  const [step, setStepRaw] = useState(last);
  const [panel, setPanel] = useState<(typeof PANELS)[number]['id']>('storefront');
  const setStep = (next: number) => setStepRaw(clampStep(timeline, next));
  const entry = entryAt(timeline, step);
  const state = stateAtStep(timeline, step);
  const changes = useMemo(() => changesAt(timeline, step), [timeline, step]);
  const skipEffect = useMemo(() => skipEffectAt(timeline, step), [timeline, step]);
  const from = Math.max(0, step - 1 - LIST_WINDOW / 2);
  const visible = log.entries.slice(from, from + LIST_WINDOW);

  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight' || event.key === 'ArrowDown') setStep(step + 1);
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') setStep(step - 1);
    else if (event.key === 'Home') setStep(0);
    else if (event.key === 'End') setStep(last);
    else return;
    event.preventDefault();
  };

  return (
    <div className={s.body} onKeyDown={onKey}>
      <div className={s.controls}>
        <button type="button" className={cx(a.button, a.secondary)} onClick={() => setStep(0)} disabled={step === 0}>
          В начало
        </button>
        <button
          type="button"
          className={cx(a.button, a.secondary)}
          onClick={() => setStep(step - 1)}
          disabled={step === 0}
        >
          Назад
        </button>
        <span className={s.position} aria-live="polite">
          Шаг {step} из {last}
          {entry
            ? ` · запись №${entry.position}`
            : log.snapshot
              ? ` · снимок после №${log.snapshot.position}`
              : ' · начальное состояние'}
        </span>
        <button
          type="button"
          className={cx(a.button, a.secondary)}
          onClick={() => setStep(step + 1)}
          disabled={step === last}
        >
          Вперёд
        </button>
        <button
          type="button"
          className={cx(a.button, a.secondary)}
          onClick={() => setStep(last)}
          disabled={step === last}
        >
          В конец
        </button>
        <input
          className={s.scrubber}
          type="range"
          min={0}
          max={last}
          value={step}
          aria-label="Шаг журнала"
          onChange={(event) => setStep(Number(event.target.value))}
        />
        {skipped.size > 0 ? (
          <button type="button" className={cx(a.button, a.secondary)} onClick={() => setSkipped(new Set())}>
            Вернуть пропущенные ({skipped.size})
          </button>
        ) : null}
      </div>
      <div className={s.columns}>
        <ol className={s.entries} aria-label="Записи журнала" tabIndex={0}>
          {from === 0 ? (
            <li className={cx(s.entry, step === 0 && s.selected)}>
              <button type="button" className={s.entryButton} onClick={() => setStep(0)}>
                {log.snapshot ? `Снимок после №${log.snapshot.position}` : 'Начальное состояние'}
              </button>
            </li>
          ) : null}
          {visible.map((e, i) => {
            const at = from + i + 1;
            const off = skipped.has(e.position);
            return (
              <li key={e.position} className={cx(s.entry, at === step && s.selected, off && s.skipped)}>
                <label className={s.skip} title="Пропустить запись">
                  <input
                    type="checkbox"
                    checked={off}
                    onChange={() => setSkipped((current) => toggled(current, e.position))}
                    aria-label={`Пропустить запись №${e.position}`}
                  />
                </label>
                <button
                  type="button"
                  className={s.entryButton}
                  onClick={() => setStep(at)}
                  aria-current={at === step ? 'step' : undefined}
                >
                  <span className={s.num}>№{e.position}</span> {entryTitle(e)}
                </button>
              </li>
            );
          })}
        </ol>
        <div className={s.detail}>
          {entry ? (
            <>
              <h2 className={s.heading}>
                Запись №{entry.position} · {formatDateTime(entry.at)}
                {skipped.has(entry.position) ? ' · пропущена' : ''}
              </h2>
              <h3 className={s.subheading}>Команда</h3>
              {entry.command ? <Json value={entry.command} label="Команда" /> : <p className={s.muted}>Без команды</p>}
              <h3 className={s.subheading}>События ({entry.events.length})</h3>
              {entry.events.length > 0 ? (
                <Json value={entry.events} label="События" />
              ) : (
                <p className={s.muted}>Команда не дала событий</p>
              )}
              <h3 className={s.subheading}>Изменения состояния</h3>
              <Changes changes={changes} empty="Состояние не изменилось" label="Изменения состояния" />
            </>
          ) : (
            <h2 className={s.heading}>
              {log.snapshot ? `Снимок состояния после записи №${log.snapshot.position}` : 'Начальное состояние'}
            </h2>
          )}
          {skipped.size > 0 ? (
            <>
              <h3 className={s.subheading}>Отличия от записанного из-за пропущенных записей</h3>
              <Changes
                changes={skipEffect}
                empty="На этом шаге состояние совпадает с записанным"
                label="Отличия из-за пропусков"
              />
            </>
          ) : null}
          <TabBar tabs={PANELS} value={panel} onChange={setPanel} />
          {panel === 'state' ? <StateView state={state} /> : <StorefrontPreview state={state} initialPath={route} />}
        </div>
      </div>
    </div>
  );
}
