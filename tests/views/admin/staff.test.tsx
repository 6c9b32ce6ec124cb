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
import { ADMIN_SESSION, FakeServer, savesOver, setupAdmin } from './helpers';
import * as editor from './editorSteps';
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
    const fake = server().on(adminCreateStaff, savesOver(OPERATOR, { id: 'staff-3' }));
    setupAdmin({ path: '/admin/staff', session: ADMIN_SESSION, server: fake });
    const form = await editor.openNew('Добавить сотрудника', 'Сотрудник');
    editor.fill(form, 'Логин', 'Kassa-2');
    editor.fill(form, 'Пароль', 'short');
    editor.expectRefusedBeforeSending(form, 'Не короче 10 символов', fake, adminCreateStaff);
    editor.fill(form, 'Пароль', 'длинный-пароль');
    editor.fill(form, 'Роль', 'admin');
    const sent = await editor.pressAndAwaitRequest(form, fake, adminCreateStaff);
    expect(sent.body).toEqual({
      login: 'kassa-2',
      name: '',
      role: 'admin',
      password: 'длинный-пароль',
    });
    expect(await screen.findByText('Сотрудник добавлен')).toBeTruthy();
  });

  it('an existing member is saved without a password when it is left empty; a session can be ended', async () => {
    const fake = server()
      .on(adminUpdateStaff, savesOver(OPERATOR))
      .on(adminRevokeStaffSessions, () => ({ status: 204 }));
    setupAdmin({ path: '/admin/staff', session: ADMIN_SESSION, server: fake });
    const form = await editor.openRow('Сотрудники', 'oper', 'Сотрудник');
    expect(within(form).queryByLabelText('Логин')).toBeNull();
    const sessions = await screen.findByRole('table', { name: 'Сессии oper' });
    fireEvent.click(within(sessions).getByRole('button', { name: 'Завершить' }));
    await waitFor(() => expect(fake.calls(adminRevokeStaffSessions)).toHaveLength(1));
    expect(fake.calls(adminRevokeStaffSessions)[0]?.body).toEqual({ sessionId: 'sess-9' });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Учётная запись активна' }));
    const sent = await editor.pressAndAwaitRequest(form, fake, adminUpdateStaff);
    expect(sent.path).toBe('/api/v1/admin/staff/staff-2');
    expect(sent.body).toEqual({ name: 'Олег', role: 'operator', isActive: false });
    expect(await screen.findByRole('table', { name: 'Сотрудники' })).toBeTruthy();
  });
});
