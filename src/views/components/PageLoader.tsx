import { LoadingBar } from './LoadingBar';
import styles from './PageLoader.module.css';

export function PageLoader() {
  return (
    <div className={styles.loader} role="status" aria-live="polite">
      <LoadingBar />
      <span className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">Загрузка…</span>
    </div>
  );
}
