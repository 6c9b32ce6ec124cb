// @vitest-environment jsdom
// The cookie and web analytics banner (docs/ANALYTICS.md, 152-ФЗ): what is collected, what for, by
// whom (only the configured counters), the link to /legal, accept and refuse; reopened from the
// footer it shows the current choice and can be closed unchanged. The footer link exists only
// while a counter is configured.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ConsentBanner } from '../../src/views/components/ConsentBanner';
import { settingsWith } from '../fixtures/settings';
import { readyState } from '../fixtures/state';
import { setup } from './helpers';

afterEach(cleanup);

describe('consent banner', () => {
  it('says what, what for, by whom, links to /legal, and reports the choice', () => {
    const chosen: string[] = [];
    render(<ConsentBanner counters={{ metrika: true, ga4: true }} current="unset" onChoose={(c) => chosen.push(c)} />);
    const text = screen.getByTestId('consent-banner').textContent ?? '';
    expect(text).toContain('С вашего согласия мы также подключаем Яндекс Метрику и Google Analytics.');
    expect(text).toContain('адреса просмотренных страниц, действия с корзиной и заказами');
    expect(text).toContain('Их обрабатывают владелец сайта, а также ООО «Яндекс» и Google LLC.');
    expect(text).toContain('по ссылке «Настройки cookie» внизу страницы');
    expect(screen.getByRole('link', { name: 'Правовая информация' }).getAttribute('href')).toBe('/legal');
    expect(screen.queryByRole('button', { name: 'Закрыть' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Отказаться' }));
    fireEvent.click(screen.getByRole('button', { name: 'Принять' }));
    expect(chosen).toEqual(['refused', 'granted']);
  });

  it('names only the configured counter; reopened, it shows the current choice and closes unchanged', () => {
    let closed = 0;
    render(
      <ConsentBanner
        counters={{ metrika: false, ga4: true }}
        current="granted"
        onChoose={() => undefined}
        onClose={() => void closed++}
      />,
    );
    const text = screen.getByTestId('consent-banner').textContent ?? '';
    expect(text).toContain('подключаем Google Analytics.');
    expect(text).not.toContain('Яндекс');
    expect(screen.getByTestId('consent-current').textContent).toBe('Сейчас веб-аналитика разрешена.');
    fireEvent.click(screen.getByRole('button', { name: 'Закрыть' }));
    expect(closed).toBe(1);
  });
});

describe('footer link «Настройки cookie»', () => {
  it('is absent without a counter id and present with one', () => {
    setup();
    expect(screen.queryByRole('button', { name: 'Настройки cookie' })).toBeNull();
    cleanup();
    setup({
      state: readyState({
        settings: settingsWith({
          ANALYTICS: { metrika: '12345678', ga4: '', metrikaScript: 'http://x/tag.js', ga4Script: 'http://x/gtag/js' },
        }),
      }),
    });
    expect(screen.getByRole('button', { name: 'Настройки cookie' })).toBeTruthy();
  });
});
