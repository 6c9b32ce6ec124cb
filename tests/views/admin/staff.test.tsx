// @vitest-environment jsdom
// Staff accounts: a new member needs a login and a password of 10 characters before anything is
// sent; an existing one is saved without a password when the field is left empty, and its other
// sessions can be ended.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  StaffMember,
  adminCreateStaff,
  adminListStaff,
  adminListStaffSessions,
  adminMe,
  adminRevokeStaffSessions,
  adminUpdateStaff,
} from '../../../src/api/contract/admin/auth';
import { ADMIN_SESSION, FakeServer, setupAdmin } from './helpers';
import { staffMember } from './fixtures';

const OPERATOR = StaffMember.parse({ ...staffMember('operator'), lastLoginAt: '2026-11-20T10:00:00.000Z' });
const SESSION = {
  id: 'sess-9',
  ip: '10.0.0.9',
  userAgent: 'Firefox',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastSeenAt: '2026-11-20T11:00:00.000Z',
  revokedAt: null,
  isCurrent: false,
};

function server() {
  return new FakeServer()
    .on(adminMe, () => ({ body: staffMember('admin') }))
    .on(adminListStaff, () => ({ body: { staff: [staffMember('admin'), OPERATOR] } }))
    .on(adminListStaffSessions, () => ({ body: { sessions: [SESSION] } }));
}

describe('admin staff', () => {
  it('a new member: a short password is refused before sending; a valid one is created with its role', async () => {
    const fake = server().on(adminCreateStaff, (req) => ({
      body: { ...OPERATOR, ...(req.body as object), id: 'staff-3' },
    }));
    setupAdmin({ path: '/admin/staff', session: ADMIN_SESSION, server: fake });
    fireEvent.click(await screen.findByRole('button', { name: 'Добавить сотрудника' }));
    const form = await screen.findByRole('form', { name: 'Сотрудник' });
    fireEvent.change(within(form).getByLabelText('Логин'), { target: { value: 'Kassa-2' } });
    fireEvent.change(within(form).getByLabelText('Пароль'), { target: { value: 'short' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Сохранить' }));
    expect(within(form).getByRole('alert').textContent).toBe('Не короче 10 символов');
    expect(fake.calls(adminCreateStaff)).toHaveLength(0);
    fireEvent.change(within(form).getByLabelText('Пароль'), { target: { value: 'длинный-пароль' } });
    fireEvent.change(within(form).getByLabelText('Роль'), { target: { value: 'admin' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(fake.calls(adminCreateStaff)).toHaveLength(1));
    expect(fake.calls(adminCreateStaff)[0]?.body).toEqual({
      login: 'kassa-2',
      name: '',
      role: 'admin',
      password: 'длинный-пароль',
    });
    expect(await screen.findByText('Сотрудник добавлен')).toBeTruthy();
  });

  it('an existing member is saved without a password when it is left empty; a session can be ended', async () => {
    const fake = server()
      .on(adminUpdateStaff, (req) => ({ body: { ...OPERATOR, ...(req.body as object) } }))
      .on(adminRevokeStaffSessions, () => ({ status: 204 }));
    setupAdmin({ path: '/admin/staff', session: ADMIN_SESSION, server: fake });
    const table = await screen.findByRole('table', { name: 'Сотрудники' });
    fireEvent.click(within(table).getByText('oper'));
    const form = await screen.findByRole('form', { name: 'Сотрудник' });
    expect(within(form).queryByLabelText('Логин')).toBeNull();
    const sessions = await screen.findByRole('table', { name: 'Сессии oper' });
    fireEvent.click(within(sessions).getByRole('button', { name: 'Завершить' }));
    await waitFor(() => expect(fake.calls(adminRevokeStaffSessions)).toHaveLength(1));
    expect(fake.calls(adminRevokeStaffSessions)[0]?.body).toEqual({ sessionId: 'sess-9' });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Учётная запись активна' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(fake.calls(adminUpdateStaff)).toHaveLength(1));
    expect(fake.calls(adminUpdateStaff)[0]?.path).toBe('/api/v1/admin/staff/staff-2');
    expect(fake.calls(adminUpdateStaff)[0]?.body).toEqual({ name: 'Олег', role: 'operator', isActive: false });
    expect(await screen.findByRole('table', { name: 'Сотрудники' })).toBeTruthy();
  });
});
