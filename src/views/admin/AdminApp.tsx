// The admin area's root: services, the /admin router, the staff-session guard (PRODUCT.md §6: without
// a token every /admin/* route redirects to /admin, the sign-in form), the layout with the
// navigation and live orders, and one lazy chunk per screen.
import { lazy, Suspense, type ComponentType } from 'react';
import { Redirect, Route, Router, Switch } from 'wouter';
import type { BaseLocationHook } from 'wouter';
import { roleReaches, type AdminRouteRole } from '../../api/contract/admin/common';
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
const CourierPage = lazy(() => import('./courier/CourierPage'));
const DashboardPage = lazy(() => import('./dashboard/DashboardPage'));
const CampaignsPage = lazy(() => import('./campaigns/CampaignsPage'));
const PhoneOrderPage = lazy(() => import('./phone/PhoneOrderPage'));
const PhoneOrdersPage = lazy(() => import('./phone/PhoneOrdersPage'));

/**
 * The screens under /admin, in navigation order. `role`: the least role that sees the screen
 * (roleReaches, as the server's routes); `operatorLabel`: its name for everyone but admins.
 */
export const ADMIN_SCREENS: readonly {
  path: string;
  label: string;
  operatorLabel?: string;
  role: AdminRouteRole;
  component: ComponentType;
}[] = [
  { path: '/dashboard', label: 'Сводка', role: 'manager', component: DashboardPage },
  { path: '/orders', label: 'Заказы', role: 'operator', component: OrdersPage },
  { path: '/phone-order', label: 'Заказ по телефону', role: 'callcentre', component: PhoneOrderPage },
  { path: '/phone-orders', label: 'Заказы по телефону', role: 'callcentre', component: PhoneOrdersPage },
  { path: '/menu', label: 'Меню', role: 'operator', component: MenuPage },
  { path: '/stop-list', label: 'Стоп-лист', role: 'operator', component: StopListPage },
  { path: '/settings', label: 'Настройки', role: 'admin', component: SettingsPage },
  { path: '/cities', label: 'Города и зоны', role: 'admin', component: CitiesPage },
  { path: '/content', label: 'Страницы и истории', role: 'admin', component: ContentPage },
  { path: '/seo', label: 'SEO', role: 'admin', component: SeoPage },
  { path: '/promotions', label: 'Акции', role: 'operator', component: PromotionsPage },
  { path: '/customers', label: 'Клиенты', role: 'operator', component: CustomersPage },
  { path: '/campaigns', label: 'Рассылки', role: 'manager', component: CampaignsPage },
  { path: '/audit', label: 'Журнал действий', role: 'admin', component: AuditPage },
  { path: '/sms', label: 'SMS', role: 'admin', component: SmsPage },
  { path: '/reports', label: 'Отчёты об ошибках', role: 'operator', component: ReportsPage },
  { path: '/integration', label: 'Интеграция с кассой', role: 'operator', component: IntegrationPage },
  { path: '/courier', label: 'Мои доставки', role: 'courier', component: CourierPage },
  { path: '/staff', label: 'Сотрудники', operatorLabel: 'Мой пароль', role: 'staff', component: StaffPage },
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
  const role = session.staff.role;
  const screens = ADMIN_SCREENS.filter((screen) => roleReaches(role, screen.role)).map((screen) =>
    role === 'admin' || !screen.operatorLabel ? screen : { ...screen, label: screen.operatorLabel },
  );
  // a manager starts on the dashboard, others on their first screen but it (an admin on the orders)
  const home = role === 'manager' ? '/dashboard' : (screens.find((s) => s.path !== '/dashboard')?.path ?? '/staff');
  return (
    <LiveOrdersProvider token={session.token}>
      <AdminLayout screens={screens}>
        <Suspense fallback={<p className={s.muted}>Загрузка…</p>}>
          <Switch>
            <Route path="/">
              <Redirect to={home} replace />
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
