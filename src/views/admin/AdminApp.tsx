// The admin area's root: services, the /admin router, the staff-session guard (PRODUCT.md §6: without
// a token every /admin/* route redirects to /admin, the sign-in form), the layout with the
// navigation and live orders, and one lazy chunk per screen.
import { lazy, Suspense, type ComponentType } from 'react';
import { Redirect, Route, Router, Switch } from 'wouter';
import type { BaseLocationHook } from 'wouter';
import { staffMayUse, type AdminRouteRole } from '../../api/contract/admin/common';
import { useVerifySession } from './data/auth';
import { AdminServicesProvider, type AdminServices } from './data/context';
import { useSession } from './data/hooks';
import { LiveOrdersProvider, useBeeperUnlock } from './data/liveOrders';
import { AdminLayout } from './AdminLayout';
import SignInPage from './SignInPage';
import { AdminToasts } from './ui';
import s from './admin.module.css';

export const ADMIN_BASE = '/admin';

const OrdersPage = lazy(() => import('./orders/OrdersPage'));
const MenuPage = lazy(() => import('./menu/MenuPage'));
const StopListPage = lazy(() => import('./menu/StopListPage'));
const SettingsPage = lazy(() => import('./settings/SettingsPage'));
const CitiesPage = lazy(() => import('./settings/CitiesPage'));
const ContentPage = lazy(() => import('./settings/ContentPage'));
const PromotionsPage = lazy(() => import('./promotions/PromotionsPage'));
const CustomersPage = lazy(() => import('./customers/CustomersPage'));
const AuditPage = lazy(() => import('./audit/AuditPage'));
const SmsPage = lazy(() => import('./audit/SmsPage'));
const StaffPage = lazy(() => import('./staff/StaffPage'));
const ReportsPage = lazy(() => import('./replay/ReportsPage'));
const SeoPage = lazy(() => import('./seo/SeoPage'));
const IntegrationPage = lazy(() => import('./integration/IntegrationPage'));
const DashboardPage = lazy(() => import('./dashboard/DashboardPage'));

/**
 * The screens under /admin, in navigation order. `adminOnly`: hidden from operators and managers;
 * `least`: the least role that sees it, when that is neither (the manager's dashboard).
 */
export const ADMIN_SCREENS: readonly {
  path: string;
  label: string;
  operatorLabel?: string;
  adminOnly: boolean;
  least?: AdminRouteRole;
  component: ComponentType;
}[] = [
  { path: '/dashboard', label: 'Сводка', adminOnly: false, least: 'manager', component: DashboardPage },
  { path: '/orders', label: 'Заказы', adminOnly: false, component: OrdersPage },
  { path: '/menu', label: 'Меню', adminOnly: false, component: MenuPage },
  { path: '/stop-list', label: 'Стоп-лист', adminOnly: false, component: StopListPage },
  { path: '/settings', label: 'Настройки', adminOnly: true, component: SettingsPage },
  { path: '/cities', label: 'Города и зоны', adminOnly: true, component: CitiesPage },
  { path: '/content', label: 'Страницы и истории', adminOnly: true, component: ContentPage },
  { path: '/seo', label: 'SEO', adminOnly: true, component: SeoPage },
  { path: '/promotions', label: 'Акции', adminOnly: false, component: PromotionsPage },
  { path: '/customers', label: 'Клиенты', adminOnly: false, component: CustomersPage },
  { path: '/audit', label: 'Журнал действий', adminOnly: true, component: AuditPage },
  { path: '/sms', label: 'SMS', adminOnly: true, component: SmsPage },
  { path: '/reports', label: 'Отчёты об ошибках', adminOnly: false, component: ReportsPage },
  { path: '/integration', label: 'Интеграция с кассой', adminOnly: false, component: IntegrationPage },
  { path: '/staff', label: 'Сотрудники', operatorLabel: 'Мой пароль', adminOnly: false, component: StaffPage },
];

function NotFound() {
  return <p className={s.empty}>Раздел не найден.</p>;
}

function Guarded() {
  const session = useSession();
  useBeeperUnlock();
  useVerifySession(session?.token ?? null);
  if (session === null)
    return (
      <Switch>
        <Route path="/" component={SignInPage} />
        <Route>
          <Redirect to={`~${ADMIN_BASE}`} replace />
        </Route>
      </Switch>
    );
  const isAdmin = session.staff.role === 'admin';
  const role = session.staff.role;
  const screens = ADMIN_SCREENS.filter((screen) =>
    screen.least ? staffMayUse(role, screen.least) : !screen.adminOnly || isAdmin,
  ).map((screen) => (isAdmin || !screen.operatorLabel ? screen : { ...screen, label: screen.operatorLabel }));
  return (
    <LiveOrdersProvider token={session.token}>
      <AdminLayout screens={screens}>
        <Suspense fallback={<p className={s.muted}>Загрузка…</p>}>
          <Switch>
            <Route path="/">
              {/* a manager starts on the dashboard, everyone else on the orders */}
              <Redirect to={role === 'manager' ? '/dashboard' : '/orders'} replace />
            </Route>
            {screens.map((screen) => (
              <Route key={screen.path} path={screen.path} component={screen.component} nest />
            ))}
            <Route component={NotFound} />
          </Switch>
        </Suspense>
      </AdminLayout>
    </LiveOrdersProvider>
  );
}

export function AdminApp({ services, hook }: { services: AdminServices; hook?: BaseLocationHook }) {
  return (
    <AdminServicesProvider services={services}>
      <Router base={ADMIN_BASE} hook={hook}>
        <Guarded />
      </Router>
      <AdminToasts />
    </AdminServicesProvider>
  );
}
