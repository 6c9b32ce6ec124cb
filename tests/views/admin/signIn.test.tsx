// @vitest-environment jsdom
// Staff sign-in, the /admin guard (PRODUCT.md §6: without a token, redirect to /admin), lockout
// message, session expiry and logout.
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STAFF_SESSION_KEY } from '../../../src/api/adminApi';
import { adminLogin, adminLogout, adminMe, lockoutMessage, ADMIN_MESSAGES } from '../../../src/api/contract/admin';
import { adminListOrders } from '../../../src/api/contract/admin/orders';
import { adminListCities, adminListRestaurants } from '../../../src/api/contract/admin/settings';
import { ADMIN_SESSION, FakeServer, OPERATOR_SESSION, setupAdmin } from './helpers';
import { CITIES, RESTAURANTS, staffMember } from './fixtures';
import { getSettings } from '../../../src/api/contract/settings';
import { failedAttemptsNotice } from '../../../src/views/admin/data/auth';
import { settingsWith } from '../../fixtures/settings';

function server(): FakeServer {
  return new FakeServer()
    .on(adminMe, (req) =>
      req.headers.authorization === 'Bearer st_admin'
        ? { body: staffMember('admin') }
        : req.headers.authorization === 'Bearer st_oper'
          ? { body: staffMember('operator') }
          : { status: 401, body: { message: ADMIN_MESSAGES.signInRequired } },
    )
    .on(adminListOrders, () => ({ body: { orders: [], total: 0 } }))
    .on(adminListCities, () => ({ body: { cities: CITIES } }))
    .on(adminListRestaurants, () => ({ body: { restaurants: RESTAURANTS } }))
    .on(adminLogout, () => ({ status: 204 }));
}

async function signIn(login: string, password: string) {
  fireEvent.change(await screen.findByLabelText('Логин'), { target: { value: login } });
  fireEvent.change(screen.getByLabelText('Пароль'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
}

describe('admin sign-in', () => {
  it.each(['/admin/orders', '/admin/settings', '/admin/orders/order-1', '/admin/anything/else'])(
    'PRODUCT.md §6 admin-area guard: %s without a staff token redirects to /admin and shows the sign-in form',
    async (path) => {
      const app = setupAdmin({ path, server: server() });
      await waitFor(() => expect(app.currentPath()).toBe('/admin'));
      expect(await screen.findByRole('heading', { name: 'Вход в панель управления' })).toBeTruthy();
      expect(app.server.calls(adminListOrders)).toHaveLength(0);
    },
  );

  it('a correct login and password store the staff token under its own key and open the orders', async () => {
    const fake = server().on(adminLogin, (req) =>
      JSON.stringify(req.body) === JSON.stringify({ login: 'admin', password: 'correct horse battery' })
        ? { body: { token: 'st_admin', staff: staffMember('admin'), failedAttempts: 0 } }
        : { status: 401, body: { message: ADMIN_MESSAGES.badCredentials } },
    );
    const app = setupAdmin({ server: fake });
    await signIn('admin', 'correct horse battery');
    await waitFor(() => expect(app.currentPath()).toBe('/admin/orders'));
    expect(await screen.findByRole('heading', { name: 'Заказы' })).toBeTruthy();
    expect(JSON.parse(app.storage.data.get(STAFF_SESSION_KEY) ?? 'null')).toMatchObject({
      token: 'st_admin',
      staff: { login: 'admin', role: 'admin' },
    });
    // the storefront's customer keys are untouched
    expect([...app.storage.data.keys()]).toEqual([STAFF_SESSION_KEY]);
    // later calls carry the staff token
    await waitFor(() => expect(app.server.calls(adminListOrders).length).toBeGreaterThan(0));
    expect(app.server.calls(adminListOrders)[0]?.headers.authorization).toBe('Bearer st_admin');
  });

  it('a wrong password shows the server message and keeps the form', async () => {
    const fake = server().on(adminLogin, () => ({ status: 401, body: { message: ADMIN_MESSAGES.badCredentials } }));
    const app = setupAdmin({ server: fake });
    await signIn('admin', 'wrong password');
    expect((await screen.findByRole('alert')).textContent).toBe('Неверный логин или пароль');
    expect(app.currentPath()).toBe('/admin');
    expect(app.sessions.get()).toBeNull();
    expect((screen.getByLabelText('Пароль') as HTMLInputElement).value).toBe('');
  });

  it('the lockout answer (429) shows the server message with the wait', async () => {
    const fake = server().on(adminLogin, () => ({ status: 429, body: { message: lockoutMessage(30) } }));
    setupAdmin({ server: fake });
    await signIn('admin', 'wrong again');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Слишком много неудачных попыток входа. Повторите через 30 с',
    );
  });

  it('after sign-in, the failed attempts on the login since its last sign-in are shown once, in Russian', async () => {
    const fake = server().on(adminLogin, () => ({
      body: { token: 'st_admin', staff: staffMember('admin'), failedAttempts: 3 },
    }));
    const app = setupAdmin({ server: fake });
    await signIn('admin', 'correct horse battery');
    await waitFor(() => expect(app.currentPath()).toBe('/admin/orders'));
    const notice = await screen.findByText(/неудачные попытки/);
    expect(notice.textContent).toBe(
      'С вашего прошлого входа были 3 неудачные попытки войти под вашим логином. Если это были не вы, смените пароль.',
    );
    expect(app.services.toasts.list()).toHaveLength(1);
  });

  it('the notice’s plural forms come from Intl.PluralRules; none for no failures', () => {
    expect(failedAttemptsNotice(1)).toBe(
      'С вашего прошлого входа была 1 неудачная попытка войти под вашим логином. Если это были не вы, смените пароль.',
    );
    expect(failedAttemptsNotice(22)).toContain('были 22 неудачные попытки');
    expect(failedAttemptsNotice(5)).toContain('было 5 неудачных попыток');
    expect(failedAttemptsNotice(11)).toContain('было 11 неудачных попыток');
    expect(failedAttemptsNotice(21)).toContain('была 21 неудачная попытка');
    expect(failedAttemptsNotice(0)).toBeNull();
  });

  it('a new browser asked for the captcha (422 captcha-required) passes it and signs in', async () => {
    const fake = server()
      .on(getSettings, () => ({
        body: settingsWith({
          CAPTCHA_PROVIDER: 'smartcaptcha',
          CAPTCHA_SITE_KEY: 'ysc1_site',
          IS_WITHOUT_RECAPTCHA: false,
        }),
      }))
      .on(adminLogin, (req) =>
        (req.body as { captchaToken?: string }).captchaToken === 'token-for-ysc1_site'
          ? { body: { token: 'st_admin', staff: staffMember('admin'), failedAttempts: 0 } }
          : { status: 422, body: { message: 'Подтвердите, что вы не робот', code: 'captcha-required' } },
      );
    const asked: unknown[] = [];
    const app = setupAdmin({
      server: fake,
      captcha: { token: async (info) => (asked.push(info), `token-for-${info.siteKey}`) },
    });
    await signIn('admin', 'correct horse battery');
    await waitFor(() => expect(app.currentPath()).toBe('/admin/orders'));
    expect(asked).toEqual([{ required: true, provider: 'smartcaptcha', siteKey: 'ysc1_site' }]);
    expect(fake.calls(adminLogin)).toHaveLength(2);
  });

  it('empty fields are refused before calling the server', async () => {
    const fake = server();
    setupAdmin({ server: fake });
    fireEvent.click(await screen.findByRole('button', { name: 'Войти' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Введите логин и пароль');
    expect(fake.calls(adminLogin)).toHaveLength(0);
  });

  it('a stored token the server no longer accepts (401) goes back to the sign-in form', async () => {
    const app = setupAdmin({
      path: '/admin/orders',
      session: { ...ADMIN_SESSION, token: 'st_revoked' },
      server: server(),
    });
    await waitFor(() => expect(app.currentPath()).toBe('/admin'));
    expect((await screen.findByRole('alert')).textContent).toBe('Сессия истекла или была завершена. Войдите снова.');
    expect(app.storage.data.has(STAFF_SESSION_KEY)).toBe(false);
  });

  it('/admin with a session goes to the orders; logout ends the session on the server and locally', async () => {
    const app = setupAdmin({ path: '/admin', session: ADMIN_SESSION, server: server() });
    await waitFor(() => expect(app.currentPath()).toBe('/admin/orders'));
    fireEvent.click(await screen.findByRole('button', { name: 'Выйти' }));
    await waitFor(() => expect(app.currentPath()).toBe('/admin'));
    expect(app.server.calls(adminLogout)).toHaveLength(1);
    expect(app.server.calls(adminLogout)[0]?.headers.authorization).toBe('Bearer st_admin');
    expect(app.storage.data.has(STAFF_SESSION_KEY)).toBe(false);
    expect(await screen.findByRole('heading', { name: 'Вход в панель управления' })).toBeTruthy();
  });

  it('the staff WebSocket closing with 4401 (token revoked) ends the session', async () => {
    const app = setupAdmin({ path: '/admin/orders', session: ADMIN_SESSION, server: server() });
    await screen.findByRole('heading', { name: 'Заказы' });
    act(() => app.sockets[0]?.serverClose(4401));
    await waitFor(() => expect(app.currentPath()).toBe('/admin'));
    expect(app.storage.data.has(STAFF_SESSION_KEY)).toBe(false);
  });

  it('an operator does not see the admin-only sections; an admin does', async () => {
    setupAdmin({ path: '/admin/orders', session: OPERATOR_SESSION, server: server() });
    const nav = await screen.findByRole('navigation', { name: 'Разделы панели управления' });
    expect(nav.textContent).toContain('Заказы');
    expect(nav.textContent).not.toContain('Настройки');
    expect(nav.textContent).not.toContain('Сотрудники');
    expect(nav.textContent).not.toContain('Журнал действий');
    expect(nav.textContent).toContain('Мой пароль');
    expect(nav.textContent).toContain('Отчёты об ошибках');
    cleanup();
    setupAdmin({ path: '/admin/orders', session: ADMIN_SESSION, server: server() });
    const adminNav = await screen.findByRole('navigation', { name: 'Разделы панели управления' });
    for (const label of [
      'Заказы',
      'Меню',
      'Стоп-лист',
      'Настройки',
      'Города и зоны',
      'Страницы и истории',
      'Акции',
      'Клиенты',
      'Журнал действий',
      'SMS',
      'Отчёты об ошибках',
      'Сотрудники',
    ]) {
      expect(adminNav.textContent).toContain(label);
    }
  });
});
