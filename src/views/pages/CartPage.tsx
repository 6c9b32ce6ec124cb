// Cart page (PRODUCT.md §3–§4): lines with modifiers and steppers; hidden gift and delivery lines are
// not editable (gifts listed, delivery in the totals); 'Добавить к заказу' and 'Дополнительно';
// coupon (unless the city's isPromocodeHide); bonuses; discount; totals; free-delivery and
// snack-gift progress; checkout.
import { useEffect, useState, type FormEvent } from 'react';
import type { CartItem, Catalog, Product } from '../../api/entities';
import { formatPrice, lineTotal, unitPrice } from '../../domain/price';
import { selectCartTotals, selectVisibleLines } from '../../projections/cart';
import { selectCouponCheck } from '../../projections/couponCheck';
import { COUPON_TEXT } from '../../domain/checkoutText';
import { selectCartAmounts } from '../../projections/amounts';
import { AmountList } from '../checkout/AmountList';
import { selectCityData, selectIsSignedIn } from '../../projections/store';
import { SNACKS_PER_GIFT } from '../../domain/gifts';
import { freeDeliveryText, giftProgressText, snackCount } from '../app/cartView';
import { formatAddress } from '../../domain/addressText';
import { withoutAllergens } from '../../domain/catalog';
import { AppLink } from '../app/routing';
import { selectExcludedAllergens, selectFreeDeliveryFrom } from '../app/selectors';
import { jsonEqual, useDispatch, useSelector } from '../app/store';
import { BonusSpendForm } from '../components/BonusSpendForm';
import { Icon } from '../components/Icon';
import { ModalLink } from '../components/ModalLink';
import { ProductGrid } from '../components/ProductGrid';
import { imageSrc } from '../../api/images';
import ui from '../components/ui.module.css';
import { StatusLine } from '../components/StatusLine';
import styles from './CartPage.module.css';

export const TITLE_ADD_TO_ORDER = 'Добавить к заказу';
export const TITLE_ADDITIONALLY = 'Дополнительно';

function Line({ line, highlighted }: { line: CartItem; highlighted: boolean }) {
  const dispatch = useDispatch();
  const max = line.product.maxPerPositionInOrder;
  const canIncrease = !line.isGift && (max === 0 || line.quantity < max);
  return (
    <li className={highlighted ? `${styles.line} ${styles.highlight}` : styles.line} data-testid="cart-line">
      {line.product.imageUrl !== null ? (
        <img
          className={styles.lineImage}
          src={imageSrc(line.product.imageUrl, 200)}
          alt=""
          width={72}
          height={72}
          loading="lazy"
        />
      ) : (
        <span className={styles.lineImage} aria-hidden="true" />
      )}
      <div className={styles.lineInfo}>
        <p className={styles.lineName}>
          {line.product.name}
          {line.isGift && <span className={styles.gift}>Подарок</span>}
        </p>
        {line.halfPizza !== undefined && <p className={styles.mods}>{line.halfPizza.halves[0].mods[0]?.name}</p>}
        {line.mods.length > 0 && (
          <p className={styles.mods}>
            {line.mods.map((m) => (m.amount > 1 ? `${m.name} × ${m.amount}` : m.name)).join(', ')}
          </p>
        )}
        <p className={styles.unit}>{line.isGift ? 'Бесплатно' : `${formatPrice(unitPrice(line))} за шт.`}</p>
      </div>
      <div className={styles.lineControls}>
        {line.isGift ? (
          <span className={styles.qty}>1 шт.</span>
        ) : (
          <div className={styles.stepper} role="group" aria-label={`Количество «${line.product.name}»`}>
            <button
              type="button"
              onClick={() =>
                dispatch({ type: 'ChangeQuantity', data: { lineId: line.id, quantity: line.quantity - 1 } })
              }
              aria-label="Уменьшить"
            >
              −
            </button>
            <span aria-live="polite">{line.quantity}</span>
            <button
              type="button"
              disabled={!canIncrease}
              onClick={() =>
                dispatch({ type: 'ChangeQuantity', data: { lineId: line.id, quantity: line.quantity + 1 } })
              }
              aria-label="Увеличить"
            >
              +
            </button>
          </div>
        )}
        <p className={styles.lineTotal}>{line.isGift ? formatPrice(0) : formatPrice(lineTotal(line))}</p>
        <button
          type="button"
          className={styles.remove}
          onClick={() => dispatch({ type: 'RemoveItem', data: { lineId: line.id } })}
          aria-label={`Удалить «${line.product.name}»`}
        >
          ×
        </button>
      </div>
    </li>
  );
}

/**
 * The coupon field. A coupon is shown as applied only once the promotion engine accepted it; a
 * refused one stays in the field, marked invalid, with the engine's reason (the rule) under it.
 */
function Coupon() {
  const dispatch = useDispatch();
  const check = useSelector((s) => selectCouponCheck(s.cart), jsonEqual);
  const signedIn = useSelector(selectIsSignedIn);
  const applied = check.status === 'none' ? null : check.coupon;
  const [text, setText] = useState(applied ?? '');
  // A coupon applied or removed elsewhere (another tab, a city change) becomes the field's text.
  const [textFor, setTextFor] = useState(applied);
  if (textFor !== applied) {
    setTextFor(applied);
    setText(applied ?? '');
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    dispatch({ type: 'ApplyCoupon', data: { coupon: text } });
  };
  const remove = () => dispatch({ type: 'RemoveCoupon', data: {} });
  if (check.status === 'accepted') {
    return (
      <div className={styles.panel}>
        <p className={styles.panelTitle}>Промокод</p>
        <p className={styles.coupon} data-testid="coupon-applied">
          <span>
            <strong>{check.coupon}</strong> — {COUPON_TEXT.applied}
          </span>
          <button type="button" className={ui.link} onClick={remove}>
            Удалить
          </button>
        </p>
      </div>
    );
  }
  const refused = check.status === 'refused' && text.trim().toUpperCase() === check.coupon.toUpperCase();
  return (
    <form className={styles.panel} onSubmit={submit}>
      <label className={styles.panelTitle} htmlFor="coupon">
        Промокод
      </label>
      <div className={styles.inline}>
        <input
          id="coupon"
          className={ui.input}
          value={text}
          maxLength={64}
          onChange={(e) => setText(e.target.value)}
          autoComplete="off"
          aria-invalid={refused}
          aria-describedby={refused ? 'coupon-reason' : check.status === 'checking' ? 'coupon-status' : undefined}
        />
        <button type="submit" className={`${ui.button} ${ui.secondary} ${ui.small}`} disabled={text.trim() === ''}>
          Применить
        </button>
      </div>
      {refused && (
        <p id="coupon-reason" className={styles.couponError} role="alert">
          {COUPON_TEXT.refused}: {check.reason}
        </p>
      )}
      {check.status === 'checking' && (
        <p id="coupon-status" className={ui.muted} role="status">
          {signedIn ? COUPON_TEXT.checking : COUPON_TEXT.signIn}
        </p>
      )}
      {check.status !== 'none' && (
        <button type="button" className={ui.link} onClick={remove}>
          Убрать промокод
        </button>
      )}
    </form>
  );
}

const BONUS_LAYOUT = { form: styles.panel, title: styles.panelTitle, note: ui.muted, row: styles.inline };

function Bonuses() {
  const signedIn = useSelector(selectIsSignedIn);
  const allowed = useSelector((s) => (s.cart.promo.status === 'applied' ? s.cart.promo.allowedBonus : null));
  if (!signedIn) {
    return (
      <div className={styles.panel}>
        <p className={styles.panelTitle}>Бонусы</p>
        <p className={ui.muted}>
          <ModalLink modal={{ kind: 'auth' }}>Войдите</ModalLink>, чтобы копить и списывать бонусы.
        </p>
      </div>
    );
  }
  return <BonusSpendForm id="bonus" cap={allowed} classes={BONUS_LAYOUT} />;
}

/** A titled grid of products offered with the order; nothing when there are none. */
function ExtrasSection({
  id,
  title,
  products,
  catalog,
}: {
  id: string;
  title: string;
  products: readonly Product[];
  catalog: Catalog;
}) {
  if (products.length === 0) return null;
  return (
    <section className={styles.extras} aria-labelledby={id}>
      <h2 id={id} className={styles.extrasTitle}>
        {title}
      </h2>
      <ProductGrid products={products} catalog={catalog} />
    </section>
  );
}

function Extras({ catalog }: { catalog: Catalog }) {
  const ids = useSelector((s) => {
    const st = s.setting.settings;
    return st === null ? null : { add: st.SECTION_ID_ADD_TO_ORDER, more: st.SECTION_ID_ADDITIONALLY };
  }, jsonEqual);
  const excluded = useSelector(selectExcludedAllergens, jsonEqual);
  if (ids === null) return null;
  // These sections are usually hidden from the menu (isIncludedInMenu false): take their products directly.
  const visible = withoutAllergens(catalog.products, excluded);
  const of = (groupId: string) => visible.filter((p) => p.parentGroup === groupId);
  const add = of(ids.add);
  const more = of(ids.more);
  return (
    <>
      <ExtrasSection id="add-to-order" title={TITLE_ADD_TO_ORDER} products={add} catalog={catalog} />
      <ExtrasSection id="additionally" title={TITLE_ADDITIONALLY} products={more} catalog={catalog} />
    </>
  );
}

function Progress({ text, ratio }: { text: string; ratio: number }) {
  return (
    <div className={styles.progress}>
      <p>{text}</p>
      <div
        className={styles.bar}
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(ratio * 100)}
        aria-label={text}
      >
        <span style={{ width: `${Math.min(100, Math.max(0, ratio * 100))}%` }} />
      </div>
    </div>
  );
}

export default function CartPage() {
  const dispatch = useDispatch();
  useEffect(() => {
    dispatch({ type: 'InitCart', data: {} });
  }, [dispatch]);
  const cart = useSelector((s) => s.cart);
  const catalog = useSelector((s) => s.catalog.catalog);
  const settings = useSelector((s) => s.setting.settings);
  const highlighted = useSelector((s) => s.view.lastAddedLineId);
  // Unknown until the settings arrive: no coupon field flashing up in a city that hides it.
  const promoHidden = useSelector((s) => s.setting.settings === null || selectCityData(s)?.isPromocodeHide === true);
  const freeFrom = useSelector(selectFreeDeliveryFrom);
  // Where the order goes: the chosen pickup restaurant or the selected delivery address.
  const destination = useSelector((s) => {
    if (s.cart.deliveryMethod === 'self') {
      const cityId = s.city.selectedId;
      const terminals = cityId === null ? [] : (s.setting.settings?.DELIVERY_TERMINALS[cityId] ?? []);
      const r = terminals.find((t) => t.deliveryTerminalId === s.cart.selectedRestaurant);
      return r === undefined ? null : `${r.name}, ${r.address}`;
    }
    const a = s.checkout.oneOffAddress ?? s.address.list.find((x) => x.id === s.address.selectedId);
    return a === undefined ? null : formatAddress(a);
  });
  const lines = selectVisibleLines(cart);
  const hiddenGifts = cart.items.filter((l) => l.isGift && l.isHidden);
  // The coupon's refusal shows at the coupon field, not again among the other notices.
  const couponReason = cart.promo.status === 'applied' ? (cart.promo.couponError ?? null) : null;
  const notices = cart.loyaltyProgramErrors.filter((e) => e !== couponReason);
  const totals = selectCartTotals(cart);
  const amounts = useSelector(selectCartAmounts, jsonEqual);
  const snacks = snackCount(cart.items, settings);
  const giftText = giftProgressText(snacks);
  const freeText =
    cart.deliveryMethod === 'delivery' && !cart.freeDelivery ? freeDeliveryText(totals.goods, freeFrom) : null;

  if (lines.length === 0) {
    return (
      <div className={ui.container}>
        <h1 className={ui.pageTitle}>Корзина</h1>
        <div className={styles.empty}>
          <p className={styles.emptyIcon} aria-hidden="true">
            <Icon name="cart" size={64} />
          </p>
          <p>Корзина пуста</p>
          <AppLink to="/catalog" className={ui.button}>
            Перейти в меню
          </AppLink>
        </div>
        {catalog !== null && <Extras catalog={catalog} />}
      </div>
    );
  }

  return (
    <div className={ui.container}>
      <h1 className={ui.pageTitle}>Корзина</h1>
      <div className={styles.layout}>
        <div className={styles.main}>
          <ul className={styles.lines}>
            {lines.map((l) => (
              <Line key={l.id} line={l} highlighted={l.id === highlighted} />
            ))}
          </ul>
          {hiddenGifts.length > 0 && (
            <div className={styles.gifts}>
              <p className={styles.panelTitle}>Подарки к заказу</p>
              <ul>
                {hiddenGifts.map((g) => (
                  <li key={g.id}>
                    <Icon name="gift" size={16} className={styles.giftIcon} /> {g.product.name} — {formatPrice(0)}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {cart.lostGift.length > 0 && (
            <ul className={styles.notices}>
              {cart.lostGift.map((g) => (
                <li key={g.productId}>{g.message}</li>
              ))}
            </ul>
          )}
          {notices.length > 0 && (
            <ul className={styles.notices}>
              {notices.map((e, i) => (
                <li key={i}>{e}</li>
              ))}
            </ul>
          )}
        </div>
        <aside className={styles.summary} aria-label="Итого">
          <div className={styles.panel}>
            <p className={styles.panelTitle}>Способ получения</p>
            <p className={styles.method}>
              <span>
                {cart.deliveryMethod === 'delivery' ? 'Доставка' : 'Самовывоз'}
                {destination !== null && <span className={styles.destination}>{destination}</span>}
              </span>
              <ModalLink modal={{ kind: 'deliveryMethod' }}>Изменить</ModalLink>
            </p>
          </div>
          {freeText !== null && freeFrom !== null && <Progress text={freeText} ratio={totals.goods / freeFrom} />}
          {giftText !== null && <Progress text={giftText} ratio={(snacks % SNACKS_PER_GIFT) / SNACKS_PER_GIFT} />}
          {!promoHidden && <Coupon />}
          <Bonuses />
          <AmountList
            amounts={amounts}
            goodsCount={totals.count}
            className={styles.totals}
            testId="cart-totals"
            totalTestId="cart-total"
          />
          <StatusLine text={cart.promo.status === 'pending' ? 'Пересчитываем скидки…' : null} testId="cart-status" />
          <AppLink to="/checkout" className={`${ui.button} ${ui.block}`}>
            Оформить заказ
          </AppLink>
        </aside>
        <div className={styles.extrasArea}>{catalog !== null && <Extras catalog={catalog} />}</div>
      </div>
    </div>
  );
}
