// The admin frame: side navigation (a top bar on tablets), who is signed in and the logout, the
// live connection state and the new-order alert, which shows on every screen.
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { STAFF_ROLE_NAMES } from '../../api/contract/admin/common';
import { useSignOut } from './data/auth';
import { adminListOrders } from '../../api/contract/admin/orders';
import { useCan, useSession } from './data/hooks';
import { useLiveOrders } from './data/liveOrders';
import { cx } from './ui';
import s from './admin.module.css';

const LIVE_TEXT = {
  connecting: 'Подключение…',
  online: 'Заказы в реальном времени',
  offline: 'Нет связи, переподключение…',
} as const;

export function AdminLayout({
  screens,
  children,
}: {
  screens: readonly { path: string; label: string }[];
  children: ReactNode;
}) {
  const [location, navigate] = useLocation();
  const session = useSession();
  const signOut = useSignOut();
  const live = useLiveOrders();
  const newCount = live.fresh.length;
  // the call centre hears of phone orders only and opens them on its own screen
  const ordersPath = useCan(adminListOrders) ? '/orders' : '/phone-orders';
  const openNew = () => {
    const first = live.fresh[0];
    live.acknowledge();
    navigate(newCount === 1 && first ? `${ordersPath}/${first.orderId}` : ordersPath);
  };
  return (
    <div className={s.shell}>
      <nav className={s.nav} aria-label="Разделы панели управления">
        <p className={s.brand}>Панель управления</p>
        {screens.map((screen) => {
          const active = location === screen.path || location.startsWith(`${screen.path}/`);
          return (
            <Link
              key={screen.path}
              href={screen.path}
              className={cx(s.navLink, active && s.navLinkActive)}
              aria-current={active ? 'page' : undefined}
            >
              <span>{screen.label}</span>
              {screen.path === '/orders' && newCount > 0 ? (
                <span className={s.navBadge} aria-label={`новых заказов: ${newCount}`}>
                  {newCount}
                </span>
              ) : null}
            </Link>
          );
        })}
        <div className={s.navFooter}>
          <span className={s.muted} title={LIVE_TEXT[live.status]} data-live={live.status}>
            {live.status === 'online' ? '● ' : '○ '}
            {LIVE_TEXT[live.status]}
          </span>
          <span>
            {session?.staff.name || session?.staff.login} ({session ? STAFF_ROLE_NAMES[session.staff.role] : ''})
          </span>
          <a className={s.navLink} href="/" target="_blank" rel="noreferrer">
            Открыть сайт
          </a>
          <button type="button" className={cx(s.button, s.secondary)} onClick={() => void signOut()}>
            Выйти
          </button>
        </div>
      </nav>
      <main className={s.main}>
        {newCount > 0 ? (
          <div className={s.alert} role="alert">
            <span>{newCount === 1 ? `Новый заказ №${live.fresh[0]?.number ?? ''}` : `Новые заказы: ${newCount}`}</span>
            <span className={s.inlineActions}>
              <button type="button" className={cx(s.button, s.secondary)} onClick={openNew}>
                Открыть
              </button>
              <button type="button" className={cx(s.button, s.secondary)} onClick={live.acknowledge}>
                Скрыть
              </button>
            </span>
          </div>
        ) : null}
        {children}
      </main>
    </div>
  );
}
