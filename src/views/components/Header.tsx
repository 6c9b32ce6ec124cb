// Header: logo, city (→ city modal), phone, menu, cart button with count and sum, sign-in / personal.
import { SITE_NAME } from '../../domain/siteTexts';
import { plural } from '../../domain/plural';
import { formatPrice } from '../../domain/price';
import { AppLink } from '../app/routing';
import { selectCartBadge, selectCurrentCity } from '../app/selectors';
import { jsonEqual, useDispatch, useSelector } from '../app/store';
import { selectIsSignedIn } from '../../projections/store';
import { Icon } from './Icon';
import styles from './Header.module.css';

function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** 'Корзина: 1 позиция на сумму 450 ₽', '2 позиции', '0 позиций'. */
const CART_POSITIONS = ['позиция', 'позиции', 'позиций'] as const;

export function Header({ overSlider }: { overSlider: boolean }) {
  const dispatch = useDispatch();
  const cityName = useSelector((s) => selectCurrentCity(s)?.name ?? null);
  const phone = useSelector((s) => s.setting.settings?.PHONES.deliveryService ?? null);
  const badge = useSelector(selectCartBadge, jsonEqual);
  const signedIn = useSelector(selectIsSignedIn);
  const userName = useSelector((s) => s.user.profile?.name ?? '');
  // PRODUCT.md §4 rule 6: the last added product is highlighted for 1 s; the cart button pulses with it.
  const justAdded = useSelector((s) => s.view.lastAddedLineId !== null);
  const open = (kind: 'city' | 'auth' | 'catalogMenu') => dispatch({ type: 'OpenModal', data: { modal: { kind } } });
  return (
    <header className={overSlider ? `${styles.header} ${styles.overSlider}` : styles.header}>
      <div className={styles.inner}>
        <button type="button" className={styles.menuButton} onClick={() => open('catalogMenu')} aria-label="Меню">
          <span aria-hidden="true" className={styles.burger} />
        </button>
        {/* Accessible names are built from the visible text plus visually hidden words, so that what
            is seen is what a voice-control user says (axe label-content-name-mismatch). */}
        <AppLink to="/" className={styles.logo}>
          <span className={styles.logoMark} aria-hidden="true">
            Р
          </span>
          <span className={`${styles.logoText} visually-hidden-narrow`}>{SITE_NAME.replaceAll(' ', '\u00a0')}</span>{' '}
          <span className="visually-hidden">— на главную</span>
        </AppLink>
        <button type="button" className={styles.city} onClick={() => open('city')}>
          <span className={styles.pin} aria-hidden="true" />
          {cityName ?? 'Город'}
          <span className="visually-hidden">: выбрать город</span>
        </button>
        <nav className={styles.nav} aria-label="Основное меню">
          <AppLink to="/catalog">Меню</AppLink>
          <AppLink to="/promo">Акции</AppLink>
          <AppLink to="/delivery">Доставка</AppLink>
          <AppLink to="/about">О нас</AppLink>
        </nav>
        {phone !== null && (
          <a className={styles.phone} href={telHref(phone)}>
            {phone}
          </a>
        )}
        {signedIn ? (
          <AppLink to="/personal" className={styles.account} aria-label="Личный кабинет">
            <span className={styles.avatar} aria-hidden="true">
              {(userName.trim()[0] ?? '•').toUpperCase()}
            </span>
            <span className={styles.accountText}>{userName.trim() || 'Кабинет'}</span>
          </AppLink>
        ) : (
          <button type="button" className={styles.account} onClick={() => open('auth')} aria-label="Войти">
            <span className={styles.avatar} aria-hidden="true">
              <Icon name="user" size={20} />
            </span>
            <span className={styles.accountText}>Войти</span>
          </button>
        )}
        <AppLink to="/cart" className={justAdded ? `${styles.cart} ${styles.pulse}` : styles.cart}>
          <Icon name="cart" size={20} />
          <span className="visually-hidden">Корзина: </span>
          <span className={styles.cartCount} data-testid="cart-count">
            {badge.count}
          </span>
          <span className="visually-hidden"> {plural(badge.count, CART_POSITIONS)} на сумму </span>
          <span className="visually-hidden-narrow" data-testid="cart-sum">
            {formatPrice(badge.sum)}
          </span>
        </AppLink>
      </div>
    </header>
  );
}
