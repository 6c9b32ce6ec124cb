// The cookie and web analytics banner (docs/ANALYTICS.md): what the counters collect, what for
// and by whom, a link to /legal, and the two choices. Shown at the foot of the page without
// blocking it, in its own React root (src/views/app/analyticsArea.tsx), until the visitor chooses.
import type { MouseEvent } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { CONSENT_TEXTS, COUNTER_NAMES, COUNTER_OPERATORS } from '../../domain/consentTexts';
import type { Consent } from '../../effects/analytics/consent';
import styles from './ConsentBanner.module.css';

export type ConsentCounters = { metrika: boolean; ga4: boolean };

const list = (items: string[]) => new Intl.ListFormat('ru', { type: 'conjunction' }).format(items);

function namesOf<T extends Record<keyof ConsentCounters, string>>(counters: ConsentCounters, names: T): string[] {
  return (['metrika', 'ga4'] as const).filter((k) => counters[k]).map((k) => names[k]);
}

export function ConsentBanner({
  counters,
  current,
  onChoose,
  onClose,
}: {
  counters: ConsentCounters;
  current: Consent;
  onChoose: (choice: 'granted' | 'refused') => void;
  /** Reopened from the footer: closing keeps the earlier choice. */
  onClose?: () => void;
}) {
  const openLegal = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate('/legal');
  };
  return (
    <section className={styles.banner} role="region" aria-labelledby="consent-title" data-testid="consent-banner">
      <div className={styles.inner}>
        <h2 id="consent-title" className={styles.title}>
          {CONSENT_TEXTS.title}
        </h2>
        <p className={styles.text}>
          {CONSENT_TEXTS.necessary} {CONSENT_TEXTS.counters(list(namesOf(counters, COUNTER_NAMES)))}{' '}
          {CONSENT_TEXTS.collected} {CONSENT_TEXTS.purpose}{' '}
          {CONSENT_TEXTS.operators(list(namesOf(counters, COUNTER_OPERATORS)))} {CONSENT_TEXTS.withdraw}{' '}
          {CONSENT_TEXTS.more}{' '}
          <a href="/legal" onClick={openLegal}>
            {CONSENT_TEXTS.legal}
          </a>
          .
        </p>
        {current !== 'unset' && (
          <p className={styles.current} data-testid="consent-current">
            {current === 'granted' ? CONSENT_TEXTS.granted : CONSENT_TEXTS.refused}
          </p>
        )}
        <div className={styles.actions}>
          <button type="button" className={styles.accept} onClick={() => onChoose('granted')}>
            {CONSENT_TEXTS.accept}
          </button>
          <button type="button" className={styles.refuse} onClick={() => onChoose('refused')}>
            {CONSENT_TEXTS.refuse}
          </button>
          {onClose !== undefined && (
            <button type="button" className={styles.close} onClick={onClose}>
              {CONSENT_TEXTS.close}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
