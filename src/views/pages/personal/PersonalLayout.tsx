import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { AppLink } from '../../app/routing';
import { useDispatch } from '../../app/store';
import ui from '../../components/ui.module.css';
import styles from './Personal.module.css';

const TABS: readonly [string, string][] = [
  ['/personal', 'Профиль'],
  ['/personal/address', 'Адреса'],
  ['/personal/favorite', 'Избранное'],
  ['/personal/history', 'История заказов'],
];

export function PersonalLayout({ title, children }: { title: string; children: ReactNode }) {
  const [pathname] = useLocation();
  const dispatch = useDispatch();
  return (
    <div className={ui.container}>
      <h1 className={ui.pageTitle}>{title}</h1>
      <nav className={styles.tabs} aria-label="Личный кабинет">
        {TABS.map(([to, label]) => {
          const active = pathname.endsWith(to);
          return (
            <AppLink
              key={to}
              to={to}
              className={active ? `${ui.chip} ${ui.chipActive}` : ui.chip}
              aria-current={active ? 'page' : undefined}
            >
              {label}
            </AppLink>
          );
        })}
        <button
          type="button"
          className={`${ui.chip} ${styles.logout}`}
          onClick={() => dispatch({ type: 'Logout', data: {} })}
        >
          Выйти
        </button>
      </nav>
      {children}
    </div>
  );
}
