// PRODUCT.md §9: product pictures are preloaded in batches of 5 after 3 s, 1 s between batches
// (width 200, webp, quality 80), so the cart and cards show them at once later.
import { useEffect } from 'react';
import { imageSrc } from '../../api/images';
import { useSelector } from './store';

export const PRELOAD_START_MS = 3000;
export const PRELOAD_BATCH = 5;
export const PRELOAD_GAP_MS = 1000;
export const PRELOAD_WIDTH = 200;

/** The preload URLs in batches of PRELOAD_BATCH, each picture once. */
export function preloadBatches(imageUrls: readonly (string | null)[]): string[][] {
  const urls = [...new Set(imageUrls.filter((u): u is string => u !== null))].map((u) => imageSrc(u, PRELOAD_WIDTH));
  const batches: string[][] = [];
  for (let i = 0; i < urls.length; i += PRELOAD_BATCH) batches.push(urls.slice(i, i + PRELOAD_BATCH));
  return batches;
}

export function useImagePreload(): void {
  const catalog = useSelector((s) => s.catalog.catalog);
  useEffect(() => {
    if (catalog === null) return;
    const batches = preloadBatches(catalog.products.map((p) => p.imageUrl));
    const timers: number[] = [];
    batches.forEach((batch, i) => {
      timers.push(
        window.setTimeout(
          () => {
            for (const url of batch) {
              const img = new Image();
              img.decoding = 'async';
              img.src = url;
            }
          },
          PRELOAD_START_MS + i * PRELOAD_GAP_MS,
        ),
      );
    });
    return () => timers.forEach((t) => window.clearTimeout(t));
  }, [catalog]);
}
