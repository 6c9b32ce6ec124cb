// A catalogue card: picture (/img?w=400&format=webp&q=80), name, weight, 'от N ₽' price, add
// button. The name links to the product page; a plain click opens the product modal over the list
// and moves the address to the product's page (../app/productOverList).
import type { MouseEvent } from 'react';
import type { Product } from '../../api/entities';
import { formatPrice, formatPriceLabel } from '../../domain/price';
import { useOpenProduct } from '../app/productOverList';
import { AppLink, useHref } from '../app/routing';
import { useDispatch, useSelector } from '../app/store';
import { weightLabel } from './ProductDetail';
import { CARD_IMAGE_SIZES, ProductImage } from './ProductImage';
import styles from './ProductCard.module.css';

export function productPath(sectionSlug: string, product: Pick<Product, 'id'>): string {
  return `/catalog/${encodeURIComponent(sectionSlug)}/${encodeURIComponent(product.id)}`;
}

/**
 * `eager`: the card shows on the first screen, so its picture loads at once and first;
 * `afterLargest`: another picture is the page's largest, so this one loads at low priority.
 */
export function ProductCard({
  product,
  sectionSlug,
  eager = false,
  afterLargest = false,
}: {
  product: Product;
  sectionSlug: string;
  eager?: boolean;
  afterLargest?: boolean;
}) {
  const dispatch = useDispatch();
  const priceLabel = useSelector((s) => formatPriceLabel(product, s.catalog.catalog?.products));
  const openProduct = useOpenProduct();
  const href = useHref(productPath(sectionSlug, product));
  const openDetail = (e: MouseEvent) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    openProduct(product.id, href);
  };
  const add = () => dispatch({ type: 'AddItem', data: { productId: product.id } });
  const weight = weightLabel(product);
  const hasChoice = product.groupModifiers.length > 0;
  return (
    <article className={styles.card} data-testid="product-card">
      <AppLink
        to={productPath(sectionSlug, product)}
        onClick={openDetail}
        className={styles.media}
        tabIndex={-1}
        aria-hidden="true"
      >
        <ProductImage
          url={product.imageUrl}
          alt=""
          width={400}
          sizes={CARD_IMAGE_SIZES}
          eager={eager}
          afterLargest={afterLargest}
        />
        {product.oldPrice !== null && product.oldPrice > product.price && <span className={styles.sale}>Скидка</span>}
      </AppLink>
      <div className={styles.body}>
        <h3 className={styles.name}>
          <AppLink to={productPath(sectionSlug, product)} onClick={openDetail}>
            {product.name}
          </AppLink>
        </h3>
        {weight !== null && <p className={styles.weight}>{weight}</p>}
        {product.description !== '' && <p className={styles.description}>{product.description}</p>}
        <div className={styles.footer}>
          <p className={styles.price}>
            <span>{priceLabel}</span>
            {product.oldPrice !== null && product.oldPrice > product.price && (
              <s className={styles.oldPrice}>{formatPrice(product.oldPrice)}</s>
            )}
          </p>
          <button
            type="button"
            className={styles.add}
            onClick={add}
            aria-label={hasChoice ? `Выбрать «${product.name}»` : `Добавить «${product.name}» в корзину`}
          >
            {hasChoice ? 'Выбрать' : 'В корзину'}
          </button>
        </div>
      </div>
    </article>
  );
}
