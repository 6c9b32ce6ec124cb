// /admin/reports: the bug reports customers sent (newest first), a report opened in the
// replay viewer at /admin/reports/:id, and a log file opened from the computer (a report file,
// a Ctrl+Shift+L download or a bare log) in the same viewer without uploading it.
import { useMemo, useState, type ChangeEvent } from 'react';
import { Link, Route, Switch, useParams } from 'wouter';
import { getClientLog, listClientLogs, type ClientLogSummary } from '../../../api/contract/clientLog';
import { LogFormatError } from '../../../log/upcasters';
import { readReportJson, readReportText, type ReadReport } from '../../app/bugReport';
import { saveTextFile } from '../../app/bugReportUi';
import { useAdminQuery } from '../data/hooks';
import { PageHead, QueryView, cx, formatDateTime } from '../ui';
import { ReplayViewer } from './ReplayViewer';
import a from '../admin.module.css';
import s from './replay.module.css';

export const TITLE_REPORTS = 'Отчёты об ошибках';
const sizeFormat = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 });

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${sizeFormat.format(bytes)} Б`;
  if (bytes < 1024 * 1024) return `${sizeFormat.format(bytes / 1024)} КБ`;
  return `${sizeFormat.format(bytes / 1024 / 1024)} МБ`;
}

function readProblem(error: unknown): string {
  if (error instanceof LogFormatError) return error.message;
  return error instanceof Error ? error.message : String(error);
}

/** A chosen file's text (FileReader: every browser, and jsdom in tests). */
export function readFileText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('Файл не прочитан'));
    reader.readAsText(file);
  });
}

function OpenFile({ onOpen }: { onOpen: (read: ReadReport, name: string) => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    try {
      onOpen(readReportText(await readFileText(file)), file.name);
      setProblem(null);
    } catch (error) {
      setProblem(`Файл не читается как журнал: ${readProblem(error)}`);
    }
  };
  return (
    <div className={s.open}>
      <label className={cx(a.button, a.secondary)}>
        Открыть файл журнала…
        <input
          type="file"
          accept=".json,application/json"
          className={s.fileInput}
          onChange={(event) => void onChange(event)}
        />
      </label>
      {problem ? (
        <p className={a.alert} role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

function ReportRow({ r }: { r: ClientLogSummary }) {
  return (
    <tr>
      <td>
        <Link href={`/${r.id}`} className={a.rowLink}>
          {formatDateTime(r.receivedAt)}
        </Link>
      </td>
      <td>{r.route}</td>
      <td>{r.errorMessage ?? <span className={a.muted}>отправлен вручную</span>}</td>
      <td>
        {r.appVersion} / {r.storeVersion ?? '—'}
      </td>
      <td className={a.num}>{r.entryCount}</td>
      <td className={a.num}>{formatSize(r.sizeBytes)}</td>
    </tr>
  );
}

export function ReportList() {
  const query = useAdminQuery(listClientLogs, { query: { limit: 100 } });
  const [opened, setOpened] = useState<{ read: ReadReport; name: string } | null>(null);
  if (opened !== null)
    return (
      <>
        <PageHead title={`Журнал из файла ${opened.name}`}>
          <button type="button" className={cx(a.button, a.secondary)} onClick={() => setOpened(null)}>
            К списку отчётов
          </button>
        </PageHead>
        <ReplayViewer
          report={opened.read.report}
          logs={[...opened.read.earlierLogs, opened.read.log]}
          fileName={opened.name}
        />
      </>
    );
  return (
    <>
      <PageHead title={TITLE_REPORTS}>
        <OpenFile onOpen={(read, name) => setOpened({ read, name })} />
      </PageHead>
      <QueryView query={query}>
        {({ reports }) =>
          reports.length === 0 ? (
            <p className={a.empty}>Отчётов пока нет.</p>
          ) : (
            <table className={a.table}>
              <thead>
                <tr>
                  <th>Получен</th>
                  <th>Страница</th>
                  <th>Ошибка</th>
                  <th>Версии</th>
                  <th>Записей</th>
                  <th>Размер</th>
                </tr>
              </thead>
              <tbody>
                {reports.map((r) => (
                  <ReportRow key={r.id} r={r} />
                ))}
              </tbody>
            </table>
          )
        }
      </QueryView>
    </>
  );
}

function ReportView({ id }: { id: string }) {
  const query = useAdminQuery(getClientLog, { params: { id } });
  const fileName = `report-${id.slice(0, 8)}.json`;
  return (
    <>
      <PageHead title={`Отчёт ${id.slice(0, 8)}`}>
        <Link href="/" className={cx(a.button, a.secondary)}>
          К списку отчётов
        </Link>
      </PageHead>
      <QueryView query={query}>{(answer) => <OpenedReport report={answer.report} fileName={fileName} />}</QueryView>
    </>
  );
}

function OpenedReport({ report, fileName }: { report: ReadReport['report']; fileName: string }) {
  const read = useMemo((): { ok: true; value: ReadReport } | { ok: false; problem: string } => {
    try {
      return { ok: true, value: readReportJson(report) };
    } catch (error) {
      return { ok: false, problem: readProblem(error) };
    }
  }, [report]);
  const download = () => saveTextFile(fileName, `${JSON.stringify(report, null, 2)}\n`);
  if (!read.ok)
    return (
      <div className={a.alert} role="alert">
        <p>Журнал отчёта не проходит проверку этой версией приложения: {read.problem}</p>
        <button type="button" className={cx(a.button, a.secondary)} onClick={download}>
          Скачать файл
        </button>
      </div>
    );
  return (
    <ReplayViewer
      report={read.value.report}
      logs={[...read.value.earlierLogs, read.value.log]}
      fileName={fileName}
      onDownload={download}
    />
  );
}

function ReportById() {
  const params = useParams<{ id: string }>();
  return <ReportView id={params.id} />;
}

/** The screen mounted at /admin/reports (nested routes: the list, and /:id). */
export default function ReportsPage() {
  return (
    <Switch>
      <Route path="/" component={ReportList} />
      <Route path="/:id" component={ReportById} />
    </Switch>
  );
}
