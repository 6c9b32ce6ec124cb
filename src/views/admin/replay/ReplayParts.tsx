// What the replay viewer shows of one step and of the report: a state change as a line, the
// changes as a list, a value as JSON, the projected state by area, and the report's head.
import type { ClientReport } from '../../../api/contract/clientLog';
import type { StateChange } from '../../../log/log';
import type { AppState } from '../../../projections/store';
import { formatDateTime } from '../ui';
import { formatChangeLine, type ChangeLineWords } from './changeLine';
import s from './replay.module.css';

const VIEWER_WORDS: ChangeLineWords = { root: '(состояние)', removed: '−', was: 'было', maxValue: 160 };

export const changeLine = (change: StateChange): string => formatChangeLine(change, VIEWER_WORDS);

export function Changes({ changes, empty, label }: { changes: StateChange[]; empty: string; label: string }) {
  if (changes.length === 0) return <p className={s.muted}>{empty}</p>;
  return (
    <ul className={s.changes} aria-label={label}>
      {changes.map((c, i) => (
        <li key={`${c.path}-${i}`} className={s[c.kind]}>
          {changeLine(c)}
        </li>
      ))}
    </ul>
  );
}

export function Json({ value, label }: { value: unknown; label: string }) {
  return (
    <pre className={s.json} aria-label={label}>
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

export function StateView({ state }: { state: AppState }) {
  return (
    <div aria-label="Состояние">
      {(Object.keys(state) as (keyof AppState)[]).map((area) => (
        <details key={area} className={s.area}>
          <summary>{area}</summary>
          <Json value={state[area]} label={`Состояние: ${area}`} />
        </details>
      ))}
    </div>
  );
}

export function ReportHead({ report }: { report: ClientReport }) {
  return (
    <dl className={s.meta}>
      <dt>Создан</dt>
      <dd>{formatDateTime(report.createdAt)}</dd>
      <dt>Страница</dt>
      <dd>{report.route}</dd>
      <dt>Версия</dt>
      <dd>
        приложение {report.appVersion}, магазин {report.storeVersion ?? '—'}
      </dd>
      <dt>Браузер</dt>
      <dd>{report.userAgent}</dd>
      <dt>Ошибка</dt>
      <dd>{report.error === null ? 'отправлен вручную' : `${report.error.name}: ${report.error.message}`}</dd>
      {report.error?.stack ? (
        <>
          <dt>Стек</dt>
          <dd>
            <details>
              <summary>показать</summary>
              <pre className={s.json}>{report.error.stack}</pre>
            </details>
          </dd>
        </>
      ) : null}
    </dl>
  );
}
