// Informational pages (about, delivery, legal, rule, promo, vacancies, masterclass,
// push-notifications-rules, receive-advertising-information): the city's text, rendered as text in
// the page body's markdown subset. The page dispatches LoadPage and shows the page area's entry:
// the effect GETs /api/v1/page/{slug}/{cityId} (src/effects/page.ts); a page loaded before shows
// at once while it is asked for again.
import { Fragment, useEffect } from 'react';
import { pageKey } from '../../projections/page';
import { statusOf } from '../app/ErrorBoundary';
import { useDispatch, useSelector } from '../app/store';
import { PageLoader } from '../components/PageLoader';
import ui from '../components/ui.module.css';
import { DeliveryDetails } from './DeliveryDetails';
import { ErrorPage } from './ErrorPage';
import styles from './InfoPage.module.css';
import { decidePage } from '../../commands/page.decide';
import type { ChunkDeciders } from '../../commands/onDemand';

export const deciders: ChunkDeciders = { page: decidePage };

export type Block =
  { kind: 'heading'; text: string } | { kind: 'list'; items: string[] } | { kind: 'paragraph'; text: string };

/** Blocks separated by a blank line; '## ' heading; lines starting '- ' a list; else a paragraph. */
export function parseBody(body: string): Block[] {
  return body
    .replace(/\r\n/g, '\n')
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter((b) => b !== '')
    .map((b): Block => {
      if (b.startsWith('## ')) return { kind: 'heading', text: b.slice(3).trim() };
      const lines = b.split('\n');
      if (lines.every((l) => l.trim().startsWith('- ')))
        return { kind: 'list', items: lines.map((l) => l.trim().slice(2)) };
      return { kind: 'paragraph', text: b };
    });
}

export function PageBody({ body }: { body: string }) {
  return (
    <div className={styles.body}>
      {parseBody(body).map((b, i) => (
        <Fragment key={i}>
          {b.kind === 'heading' ? (
            <h2>{b.text}</h2>
          ) : b.kind === 'list' ? (
            <ul>
              {b.items.map((item, j) => (
                <li key={j}>{item}</li>
              ))}
            </ul>
          ) : (
            <p>{b.text}</p>
          )}
        </Fragment>
      ))}
    </div>
  );
}

export default function InfoPage({ slug }: { slug: string }) {
  const dispatch = useDispatch();
  const cityId = useSelector((s) => s.city.selectedId);
  const entry = useSelector((s) => (cityId === null ? undefined : s.page.entries[pageKey(slug, cityId)]));
  useEffect(() => {
    if (cityId !== null) dispatch({ type: 'LoadPage', data: { slug, cityId } });
  }, [slug, cityId, dispatch]);
  if (entry === undefined || entry.status === 'loading') return <PageLoader />;
  if (entry.status === 'failed') return <ErrorPage status={statusOf({ status: entry.httpStatus })} />;
  const page = entry.page;
  // about and vacancies have the header over their top banner (PRODUCT.md §2).
  const banner = slug === 'about' || slug === 'vacancies';
  return (
    <article>
      {banner && (
        <div className={styles.banner}>
          <h1 className={styles.bannerTitle}>{page.title}</h1>
        </div>
      )}
      <div className={`${ui.container} ${styles.page}`}>
        {!banner && <h1 className={ui.pageTitle}>{page.title}</h1>}
        <PageBody body={page.body} />
        {slug === 'delivery' && <DeliveryDetails />}
      </div>
    </article>
  );
}
