// PRODUCT.md §2 error page: the status code, 'Что-то пошло не так' and 'Вернуться на главную'; an
// unknown route is 404 'This page could not be found'. The error page also offers 'Отправить отчёт
// об ошибке': the recorded log goes to the server with the error that led here.
import { SendReportButton } from '../app/SendReportButton';
import { AppLink } from '../app/routing';
import styles from './ErrorPage.module.css';

export const TEXT_ERROR = 'Что-то пошло не так';
export const TEXT_BACK_HOME = 'Вернуться на главную';
export const TEXT_NOT_FOUND = 'This page could not be found';

export function ErrorPage({ status, onHome }: { status: number; onHome?: () => void }) {
  return (
    <section className={styles.page} aria-labelledby="error-title">
      <p className={styles.status}>{status}</p>
      <h1 id="error-title" className={styles.title}>
        {TEXT_ERROR}
      </h1>
      <AppLink to="/" className={styles.button} onClick={onHome}>
        {TEXT_BACK_HOME}
      </AppLink>
      <SendReportButton />
    </section>
  );
}

export function NotFoundPage() {
  return (
    <section className={styles.page} aria-labelledby="not-found-title">
      <p className={styles.status}>404</p>
      <h1 id="not-found-title" className={styles.title}>
        {TEXT_NOT_FOUND}
      </h1>
      <AppLink to="/" className={styles.button}>
        {TEXT_BACK_HOME}
      </AppLink>
    </section>
  );
}
