// Product pictures through the server's resizing proxy: /img/...?w=&format=webp&q=80.
import { Icon } from './Icon';
import styles from './ProductImage.module.css';

export function imageSrc(url: string, width: number): string {
  const sep = url.includes('?') ? '&' : '?';
  return `${url}${sep}w=${width}&format=webp&q=80`;
}

export function ProductImage({ url, alt, width = 400, eager = false }: { url: string | null; alt: string; width?: number; eager?: boolean }) {
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
      srcSet={`${imageSrc(url, width)} 1x, ${imageSrc(url, width * 2)} 2x`}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      width={width}
      height={width}
    />
  );
}
