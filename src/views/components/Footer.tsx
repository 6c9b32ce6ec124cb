import { copyrightYear } from '../../domain/siteDefaults';
import { CONSENT_SETTINGS_LINK, SITE_NAME } from '../../domain/siteTexts';
import { loadAnalyticsArea } from '../app/analyticsLoad';
import { AppLink } from '../app/routing';
import { useSelector, useStore } from '../app/store';
import styles from './Footer.module.css';

const LINKS: readonly [string, string][] = [
  ['/about', 'О компании'],
  ['/delivery', 'Доставка и оплата'],
  ['/promo', 'Акции'],
  ['/vacancies', 'Вакансии'],
  ['/masterclass', 'Мастер-класс'],
  ['/rule', 'Правила бонусной программы'],
  ['/legal', 'Правовая информация'],
  ['/push-notifications-rules', 'Правила push-уведомлений'],
  ['/receive-advertising-information', 'Согласие на рекламную рассылку'],
];

export function Footer() {
  const phone = useSelector((s) => s.setting.settings?.PHONES.deliveryService ?? null);
  const cityIn = useSelector((s) => s.city.list.find((c) => c.id === s.city.selectedId)?.cityIn ?? null);
  // docs/ANALYTICS.md: with a web counter configured, the visitor's choice can be changed here
  const counters = useSelector((s) => s.setting.settings?.ANALYTICS ?? null);
  // The session's opening time, not the device's clock: a page hydrates with the year it was
  // rendered with, and the live session then shows its own (docs/SSR.md «Caching»).
  const openedAt = useSelector((s) => s.view.openedAt);
  const timeZone = useSelector((s) => s.city.list.find((c) => c.id === s.city.selectedId)?.timeZone ?? null);
  const store = useStore();
  const year = copyrightYear(openedAt ?? store.now(), timeZone);
  const openConsent = () =>
    // a chunk that failed to load is asked for again by the next click
    void loadAnalyticsArea().then((m) => counters && m.showConsentBanner(counters, true), String);
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <p className={styles.title}>
            {SITE_NAME}
            {cityIn !== null ? ` ${cityIn}` : ''}
          </p>
          {phone !== null && (
            <p>
              Служба доставки: <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
            </p>
          )}
        </div>
        <nav aria-label="Информация" className={styles.links}>
          {LINKS.map(([to, label]) => (
            <AppLink key={to} to={to}>
              {label}
            </AppLink>
          ))}
          {counters && (
            <button type="button" className={styles.consent} onClick={openConsent}>
              {CONSENT_SETTINGS_LINK}
            </button>
          )}
        </nav>
      </div>
      <p className={styles.copy}>
        © {year} {SITE_NAME}. Все права защищены.
      </p>
    </footer>
  );
}
