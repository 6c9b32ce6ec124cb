// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { secondsLeft } from '../../src/views/modals/AuthModal';
import { readyState } from '../fixtures/state';
import { setup } from './helpers';

async function openAuth() {
  // The store's clock is the real one here: the countdown compares CodeSent's time with Date.now().
  const app = setup({ path: '/angarsk/about', state: readyState({ signedIn: false }), now: new Date().toISOString() });
  act(() => app.store.dispatch({ type: 'OpenModal', data: { modal: { kind: 'auth' } } }));
  const phone = (await screen.findByLabelText('Номер телефона')) as HTMLInputElement;
  return { app, phone };
}

describe('auth modal (PRODUCT.md §5 phone mask, §8 texts)', () => {
  it('the phone field is autocomplete tel', async () => {
    const { phone } = await openAuth();
    expect(phone.getAttribute('autocomplete')).toBe('tel');
    expect(phone.type).toBe('tel');
  });

  it.each([
    ['89991234567', '8 (999) 123-45-67'],
    ['79991234567', '+7 (999) 123-45-67'],
    ['9991234567', '+7 (999) 123-45-67'],
    ['5', '+7 (95'],
    ['+7 (999) 12a3', '+7 (999) 123'],
  ])('typing %s shows %s (leading 8 stays 8, 7 becomes +7, second group starts with 9)', async (typed, shown) => {
    const { phone } = await openAuth();
    fireEvent.change(phone, { target: { value: typed } });
    expect(phone.value).toBe(shown);
  });

  it("an empty phone shows 'Введите номер телефона'", async () => {
    const { app } = await openAuth();
    fireEvent.click(screen.getByRole('button', { name: 'Получить код' }));
    expect(app.commands).toContainEqual({ type: 'RequestCode', data: { phone: '' } });
    expect((await screen.findByRole('alert')).textContent).toBe('Введите номер телефона');
  });

  it("an incomplete phone shows 'Неверный формат телефона' once, at the field it is about", async () => {
    const { phone } = await openAuth();
    fireEvent.change(phone, { target: { value: '999123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Получить код' }));
    const message = await screen.findByRole('alert');
    expect(message.textContent).toBe('Неверный формат телефона');
    // no toast saying it again (over the sheet's button on a phone)
    expect(screen.getAllByText('Неверный формат телефона')).toHaveLength(1);
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(phone.getAttribute('aria-describedby')).toBe(message.id);
    expect(screen.getByRole('textbox', { name: 'Номер телефона' })).toBe(phone);
    fireEvent.change(phone, { target: { value: '9991234567' } });
    expect(phone.getAttribute('aria-invalid')).toBe('true');
  });

  it('after the code is sent: the code field is autocomplete one-time-code with a resend countdown', async () => {
    const { app, phone } = await openAuth();
    fireEvent.change(phone, { target: { value: '9991234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Получить код' }));
    expect(app.commands).toContainEqual({ type: 'RequestCode', data: { phone: '+7 (999) 123-45-67' } });
    act(() => app.store.dispatch({ type: 'ConfirmCodeSent', data: { phone: '+79991234567' } }));
    const code = (await screen.findByLabelText('Код из SMS')) as HTMLInputElement;
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(screen.getByText(/Код отправлен на/).textContent).toContain('+7 (999) 123-45-67');
    expect(screen.getByText(/Отправить код повторно можно через/)).toBeTruthy();
    fireEvent.change(code, { target: { value: '12 34 56' } });
    fireEvent.change(screen.getByLabelText('Имя (если вы у нас впервые)'), { target: { value: ' Алиса ' } });
    fireEvent.click(screen.getByLabelText(/Получать рекламную информацию/));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Войти' }));
    // PRODUCT.md §5 login: name and consents go with the code (the server creates the user with them)
    expect(app.commands).toContainEqual({
      type: 'SubmitCode',
      data: {
        code: '123456',
        profile: { name: 'Алиса', personalData: true, PUSHNotifications: false, receiveAdvertisingInformation: true },
      },
    });
  });

  it('the resend countdown runs 60 s from the time the code was sent', () => {
    const sent = '2026-11-23T06:00:00.000Z';
    expect(secondsLeft(sent, Date.parse(sent))).toBe(60);
    expect(secondsLeft(sent, Date.parse(sent) + 45_500)).toBe(15);
    expect(secondsLeft(sent, Date.parse(sent) + 61_000)).toBe(0);
  });

  it('closing the auth modal cancels the sign-in', async () => {
    const { app } = await openAuth();
    fireEvent.click(screen.getByRole('button', { name: 'Закрыть' }));
    expect(app.commands).toContainEqual({ type: 'CancelSignIn', data: {} });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
