// @vitest-environment jsdom
// Accessible names contain the visible text (axe label-content-name-mismatch, run by the browser
// suite): a voice-control user says what they see.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { indexTitle } from '../../src/views/pages/IndexPage';
import { findCard, plain, setup } from './helpers';

describe('accessible names hold the visible text', () => {
  it('header: logo, city, cart', async () => {
    setup({ path: '/angarsk/catalog' });
    await screen.findByRole('heading', { name: 'Меню', level: 1 });
    expect(screen.getByRole('link', { name: /^Ролл.и.Пицца — на главную$/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ангарск: выбрать город' })).toBeTruthy();
    expect(plain(screen.getByRole('link', { name: /^Корзина/ }).textContent)).toBe('Корзина: 0 позиций на сумму 0 ₽');
  });

  it("a product with required choices says 'Выбрать', the others 'В корзину'", async () => {
    setup({ path: '/angarsk/catalog' });
    await screen.findByRole('heading', { name: 'Меню', level: 1 });
    const pizza = within(await findCard('Пепперони')).getByRole('button', { name: 'Выбрать «Пепперони»' });
    expect(pizza.textContent).toBe('Выбрать');
    const roll = within(await findCard('Калифорния')).getByRole('button', { name: 'Добавить «Калифорния» в корзину' });
    expect(roll.textContent).toBe('В корзину');
  });

  it('the index page has one h1 naming the city', async () => {
    setup({ path: '/angarsk' });
    expect(await screen.findByRole('heading', { level: 1, name: indexTitle('в Ангарске') })).toBeTruthy();
    expect(indexTitle('в Ангарске')).toBe('Роллы и пицца с доставкой в Ангарске');
  });
});
