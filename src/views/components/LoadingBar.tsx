// The top loading bar while a page chunk loads (PRODUCT.md §9: duration 5 s, throttle 200 ms — it only
// shows when loading takes longer than 200 ms, then creeps towards the end over 5 s).
import { useEffect, useState } from 'react';
import styles from './LoadingBar.module.css';

export const LOADING_BAR_THROTTLE_MS = 200;
export const LOADING_BAR_DURATION_MS = 5000;

export function LoadingBar() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setVisible(true), LOADING_BAR_THROTTLE_MS);
    return () => window.clearTimeout(timer);
  }, []);
  if (!visible) return null;
  return (
    <div
      className={styles.bar}
      style={{ animationDuration: `${LOADING_BAR_DURATION_MS}ms` }}
      role="progressbar"
      aria-label="Загрузка страницы"
    />
  );
}
