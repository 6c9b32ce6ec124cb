import { describe, expect, it } from 'vitest';
import { Page, PAGE_SLUGS } from '../../src/api/contract/pages.js';
import { CITY } from '../../server/seed/index.js';
import { testServerPerFile } from './helpers.js';

const server = testServerPerFile();

describe('GET /api/v1/page/:slug/:cityId', () => {
  it('answers every informational page of every city, mentioning the city', async () => {
    const cityIn: Record<string, string> = {
      [CITY.angarsk]: 'в Ангарске',
      [CITY.shelekhov]: 'в Шелехове',
      [CITY.irkutsk]: 'в Иркутске',
    };
    for (const cityId of Object.values(CITY)) {
      for (const slug of PAGE_SLUGS) {
        const res = await server.app.inject({ method: 'GET', url: `/api/v1/page/${slug}/${cityId}` });
        expect(res.statusCode, `${slug} ${cityId}`).toBe(200);
        const page = Page.parse(res.json());
        expect(page).toMatchObject({ slug, cityId });
        expect(page.title.length).toBeGreaterThan(3);
        expect(page.body).toContain(cityIn[cityId]);
      }
    }
  });

  it('tells the delivery terms of the city’s zones', async () => {
    const res = await server.app.inject({ method: 'GET', url: `/api/v1/page/delivery/${CITY.angarsk}` });
    const page = Page.parse(res.json());
    expect(page.body).toContain('## Зоны доставки');
    expect(page.body).toContain('- Центр и кварталы: заказ от 700 ₽, доставка 150 ₽');
    expect(page.body).toContain('от 1 500 ₽ доставка бесплатная');
  });

  it('answers 404 with a Russian message for an unknown page or city', async () => {
    const noPage = await server.app.inject({ method: 'GET', url: `/api/v1/page/no-such-page/${CITY.angarsk}` });
    expect(noPage.statusCode).toBe(404);
    expect(noPage.json()).toMatchObject({ message: 'Страница не найдена' });
    const noCity = await server.app.inject({ method: 'GET', url: '/api/v1/page/about/no-such-city' });
    expect(noCity.statusCode).toBe(404);
    expect(noCity.json()).toMatchObject({ message: 'Город не найден' });
  });
});
