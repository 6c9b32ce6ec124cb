// URLs of the server's resizing proxy (/img/…?w=&format=webp&q=80), shared by the views and the
// server (which names the index page's first slide in index.html so it loads with the page).

export function imageSrc(url: string, width: number): string {
  const sep = url.includes('?') ? '&' : '?';
  return `${url}${sep}w=${width}&format=webp&q=80`;
}

/** `srcset` with width descriptors: the browser picks one by `sizes` and the screen's density. */
export function imageSrcSet(url: string, widths: readonly number[]): string {
  return widths.map((w) => `${imageSrc(url, w)} ${w}w`).join(', ');
}

/**
 * The index slider spans the screen: a phone, a dense phone (about 720 px on most: 800 rather than
 * 1280 halves its largest picture's bytes), a laptop, a wide or dense screen.
 */
export const SLIDE_WIDTHS = [640, 800, 1280, 1920] as const;
export const SLIDE_SIZES = '100vw';
/** The slide's `src` for browsers without srcset. */
export const SLIDE_FALLBACK_WIDTH = 1280;
