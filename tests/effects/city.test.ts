// City selection: cookies for 1 year (31536000 s = 365 days, path '/') and a reload under /{slug} (PRODUCT.md §4, §9).
import { BehaviorSubject } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { cityPath, citySelection$, COOKIE_NAMES, CITY_COOKIE_DAYS } from '../../src/effects/city';
import type { EventEnvelope } from '../../src/effects/deps';
import { envelope, fakeApi, fakeDeps } from './helpers';
import { SHELEKHOV, signedOut } from './state';

const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

describe('city selection effect', () => {
  it("writes the cityId cookie and the already-selected cookie 'true' for 1 year, path '/', then reloads under /{slug}", () => {
    newScheduler().run(({ hot, expectObservable, flush }) => {
      const { deps, recorded } = fakeDeps(fakeApi({}).api, { pathname: '/angarsk/catalog/rolls' });
      const event$ = hot<EventEnvelope>('a', {
        a: envelope({ type: 'CitySelected', data: { cityId: SHELEKHOV.id, slug: SHELEKHOV.slug } }),
      });
      expectObservable(citySelection$()(event$, new BehaviorSubject(signedOut()), deps), '^ 1s !').toBe('');
      flush();
      expect(CITY_COOKIE_DAYS * 24 * 60 * 60).toBe(31536000);
      expect(recorded.cookies.get(COOKIE_NAMES.cityId)).toEqual({
        value: SHELEKHOV.id,
        options: { expires: 365, path: '/' },
      });
      expect(recorded.cookies.get(COOKIE_NAMES.citySelected)).toEqual({
        value: 'true',
        options: { expires: 365, path: '/' },
      });
      expect(recorded.assigned).toEqual(['/shelekhov/catalog/rolls']);
    });
  });

  it('keeps the page and swaps only the city prefix', () => {
    const slugs = ['angarsk', 'shelekhov'];
    expect(cityPath('/', 'shelekhov', slugs)).toBe('/shelekhov');
    expect(cityPath('/angarsk', 'shelekhov', slugs)).toBe('/shelekhov');
    expect(cityPath('/cart', 'shelekhov', slugs)).toBe('/shelekhov/cart');
    expect(cityPath('/angarsk/personal/history', 'shelekhov', slugs)).toBe('/shelekhov/personal/history');
    expect(cityPath('/catalog/rolls/p-1', 'angarsk', slugs)).toBe('/angarsk/catalog/rolls/p-1');
    expect(cityPath('/no-such-page', 'angarsk', slugs)).toBe('/angarsk');
    expect(cityPath('/admin/orders', 'angarsk', slugs)).toBe('/angarsk');
  });
});
