// Product detail (modal and page): picture, name, weight, description, 'от' price with the old
// price struck through, modifier groups with required choices, allergens, nutrition per 100 g,
// like button, add to cart.
import { useMemo, useState } from 'react';
import type { Catalog, Product } from '../../api/entities';
import { formatNumber, formatPrice, formatPriceLabel } from '../../domain/price';
import { useDispatch } from '../app/store';
import { HalfPizzaEntry } from './HalfPizzaEntry';
import { LikeButton } from './LikeButton';
import { ModifierPicker } from './ModifierPicker';
import { choicePrice, initialChoice, isComplete, modifierGroups, toChosenMods } from './modifiers';
import { ProductImage } from './ProductImage';
import ui from './ui.module.css';
import styles from './ProductDetail.module.css';

export function weightLabel(product: Pick<Product, 'weight'>): string | null {
  return product.weight === null || product.weight === 0 ? null : `${formatNumber(product.weight)} г`;
}

export function ProductDetail({
  product,
  catalog,
  onAdded,
  headingLevel = 2,
}: {
  product: Product;
  catalog: Catalog;
  onAdded?: () => void;
  headingLevel?: 1 | 2;
}) {
  const dispatch = useDispatch();
  const groups = useMemo(() => modifierGroups(product, catalog), [product, catalog]);
  const [choice, setChoice] = useState(() => initialChoice(groups));
  const complete = isComplete(groups, choice);
  const price = choicePrice(product, groups, choice);
  const weight = weightLabel(product);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const add = () => {
    dispatch({ type: 'AddItem', data: { productId: product.id, mods: toChosenMods(choice) } });
    onAdded?.();
  };
  return (
    <article className={styles.detail}>
      <div className={styles.media}>
        <ProductImage
          url={product.imageUrl}
          alt={product.name}
          width={800}
          sizes="(min-width: 800px) 800px, 100vw"
          eager
        />
      </div>
      <div className={styles.body}>
        <Heading className={styles.name}>{product.name}</Heading>
        <p className={styles.meta}>
          {weight !== null && <span>{weight}</span>}
          <span className={styles.priceLabel} data-testid="price-label">
            {formatPriceLabel(product, catalog.products)}
          </span>
          {product.oldPrice !== null && product.oldPrice > product.price && (
            <s className={styles.oldPrice} aria-label={`Старая цена ${formatPrice(product.oldPrice)}`}>
              {formatPrice(product.oldPrice)}
            </s>
          )}
        </p>
        {product.description !== '' && <p className={styles.description}>{product.description}</p>}
        {groups.length > 0 && <ModifierPicker groups={groups} choice={choice} onChange={setChoice} />}
        {product.allergens.length > 0 && (
          <p className={styles.allergens}>
            <strong>Аллергены:</strong> {product.allergens.map((a) => a.name).join(', ')}
          </p>
        )}
        {product.nutrition !== null && (
          <div className={styles.nutrition}>
            <p className={styles.nutritionTitle}>Пищевая ценность на 100 г</p>
            <dl className={styles.nutritionGrid}>
              <div>
                <dt>Белки</dt>
                <dd>{formatNumber(product.nutrition.proteins)} г</dd>
              </div>
              <div>
                <dt>Жиры</dt>
                <dd>{formatNumber(product.nutrition.fats)} г</dd>
              </div>
              <div>
                <dt>Углеводы</dt>
                <dd>{formatNumber(product.nutrition.carbohydrates)} г</dd>
              </div>
              <div>
                <dt>Энерг. ценность</dt>
                <dd>{formatNumber(product.nutrition.energy)} ккал</dd>
              </div>
            </dl>
          </div>
        )}
        <div className={styles.actions}>
          <button type="button" className={`${ui.button} ${styles.add}`} onClick={add} disabled={!complete}>
            В корзину за {formatPrice(price)}
          </button>
          <LikeButton productId={product.id} isLiked={product.isLiked} likesCount={product.likesCount} />
        </div>
        <HalfPizzaEntry product={product} />
        {!complete && <p className={ui.muted}>Выберите обязательные добавки</p>}
      </div>
    </article>
  );
}
