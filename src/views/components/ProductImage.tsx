// Product pictures through the server's resizing proxy (src/api/images.ts).
import { imageSrc, imageSrcSet } from '../../api/images';
import { Icon } from './Icon';
import styles from './ProductImage.module.css';

/** Widths the resizing proxy is asked for: the browser picks one by `sizes` and the screen's density. */
export const IMAGE_WIDTHS = [200, 400, 800] as const;

/** How wide a menu card's picture shows: half a phone, a third of a tablet, a quarter of a 1280 page. */
export const CARD_IMAGE_SIZES = '(min-width: 1280px) 300px, (min-width: 768px) 33vw, 50vw';

/** `width` is the fallback src and the intrinsic size (the aspect ratio); `sizes` the shown width. */
export function ProductImage({
  url,
  alt,
  width = 400,
  sizes = `${width}px`,
  eager = false,
  afterLargest = false,
}: {
  url: string | null;
  alt: string;
  width?: number;
  sizes?: string;
  eager?: boolean;
  /** Another picture is the page's largest (the index's first slide): this one yields it the bandwidth. */
  afterLargest?: boolean;
}) {
  if (url === null) {
    return (
      <div className={styles.placeholder} role="img" aria-label={alt}>
        <Icon name="dish" size={56} />
      </div>
    );
  }
  return (
    <img
      className={styles.image}
      src={imageSrc(url, width)}
      srcSet={imageSrcSet(url, IMAGE_WIDTHS)}
      sizes={sizes}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      // An eager picture is one the visitor sees first (the page's largest, LCP): fetched first.
      fetchPriority={eager ? 'high' : afterLargest ? 'low' : undefined}
      decoding="async"
      width={width}
      height={width}
    />
  );
}
