// Informational pages: PageRequested → GET /page/{slug}/{cityId} → ApplyPage, failures →
// ReportPageFailure with the HTTP status (InfoPage shows the error page with it).
import { BehaviorSubject } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { Page } from '../../src/api/contract/pages';
import type { EventEnvelope } from '../../src/effects/deps';
import { pages$ } from '../../src/effects/page';
import type { AppEvent } from '../../src/events';
import { envelope, failure, fakeApi, fakeDeps } from './helpers';
import { ANGARSK, signedIn, signedOut } from './state';

const newScheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
const page = (slug: string, title = `Страница ${slug}`): Page => ({
  slug,
  cityId: ANGARSK.id,
  title,
  body: 'Текст',
  updatedAt: '2026-11-20T00:00:00.000Z',
});
const requested = (slug: string): AppEvent => ({ type: 'PageRequested', data: { slug, cityId: ANGARSK.id } });

describe('pages effect', () => {
  it('PageRequested → GET the page of the city → ApplyPage', () => {
    newScheduler().run(({ hot, cold, expectObservable, flush }) => {
      const { api, calls } = fakeApi({ getPage: (slug) => cold<Page>('5ms (p|)', { p: page(slug) }) });
      const event$ = hot<EventEnvelope>('a', { a: envelope(requested('about')) });
      expectObservable(pages$()(event$, new BehaviorSubject(signedOut()), fakeDeps(api).deps), '^ 1s !').toBe('5ms p', {
        p: { type: 'ApplyPage', data: { slug: 'about', cityId: ANGARSK.id, page: page('about') } },
      });
      flush();
      expect(calls).toEqual([{ method: 'getPage', args: ['about', ANGARSK.id] }]);
    });
  });

  it("404 → ReportPageFailure with status 404 and the server's message; no answer → status 0 and 'Произошла ошибка. Попробуйте позже.'", () => {
    newScheduler().run(({ hot, cold, expectObservable, flush }) => {
      const answers = [
        cold<Page>('5ms #', undefined, failure(404, 'Страница не найдена')),
        cold<Page>('5ms #', undefined, failure(0)),
      ];
      const { api } = fakeApi({ getPage: () => answers.shift() ?? cold('-') });
      const event$ = hot<EventEnvelope>('a 9ms b', {
        a: envelope(requested('masterclass')),
        b: envelope(requested('promo')),
      });
      const { deps, recorded } = fakeDeps(api);
      // A public route: no failure of it ends the session (nothing but the reports, even signed in).
      expectObservable(pages$()(event$, new BehaviorSubject(signedIn()), deps), '^ 1s !').toBe('5ms f 9ms n', {
        f: {
          type: 'ReportPageFailure',
          data: { slug: 'masterclass', cityId: ANGARSK.id, status: 404, message: 'Страница не найдена' },
        },
        n: {
          type: 'ReportPageFailure',
          data: { slug: 'promo', cityId: ANGARSK.id, status: 0, message: 'Произошла ошибка. Попробуйте позже.' },
        },
      });
      flush();
      expect(recorded.warnings).toEqual([
        `page masterclass/${ANGARSK.id} failed to load`,
        `page promo/${ANGARSK.id} failed to load`,
      ]);
    });
  });

  it('for one page the latest request wins; different pages load side by side', () => {
    newScheduler().run(({ hot, cold, expectObservable }) => {
      let n = 0;
      const { api } = fakeApi({ getPage: (slug) => cold<Page>('10ms (p|)', { p: page(slug, `${slug} ${++n}`) }) });
      const event$ = hot<EventEnvelope>('a 2ms b 2ms c', {
        a: envelope(requested('about')),
        b: envelope(requested('legal')),
        c: envelope(requested('about')),
      });
      expectObservable(pages$()(event$, new BehaviorSubject(signedOut()), fakeDeps(api).deps), '^ 1s !').toBe(
        '13ms l 2ms a',
        {
          l: { type: 'ApplyPage', data: { slug: 'legal', cityId: ANGARSK.id, page: page('legal', 'legal 2') } },
          a: { type: 'ApplyPage', data: { slug: 'about', cityId: ANGARSK.id, page: page('about', 'about 3') } },
        },
      );
    });
  });
});
