// Every generated illustration as relative path → SVG text, for tools/gen-images.ts and tests.
// '/img/<relative path>' is the URL; server/seed/images/<relative path> the committed file.
import { bannerSvg, groupSvg, productSvg } from './images.js';
import { GROUPS, PRODUCTS, type SeedProduct } from './menu.js';
import { SLIDES, STORIES } from './settings.js';

/** '/img/products/x.svg' → 'products/x.svg'. */
export function imagePath(url: string): string {
  return url.replace(/^\/img\//, '');
}

export function generatedImages(): Map<string, string> {
  const files = new Map<string, string>();
  const byId = new Map(PRODUCTS.map((p) => [p.id, p]));
  for (const product of PRODUCTS) if (product.imageUrl) files.set(imagePath(product.imageUrl), productSvg(product));
  for (const group of GROUPS) {
    if (!group.imageUrl) continue;
    const drawing = groupSvg(group, PRODUCTS);
    if (drawing) files.set(imagePath(group.imageUrl), drawing);
  }
  const pick = (...ids: string[]) =>
    ids
      .map((id) => byId.get(id))
      .filter((p): p is SeedProduct => p !== undefined)
      .map(productSvg);
  const storyArt: Record<string, string[]> = {
    'story-new-rolls': ['dragon'],
    'story-fries-gift': ['fries'],
    'story-pizza-35': ['pizza-pepperoni'],
    'story-bonuses': ['set-family'],
    'story-masterclass': ['philadelphia-classic'],
  };
  for (const story of STORIES)
    files.set(imagePath(story.imageUrl), bannerSvg(story.id, 300, 400, pick(...(storyArt[story.id] ?? ['canada']))));
  const slideArt: Record<string, string[]> = {
    'slide-snack-gift': ['chicken-nuggets', 'onion-rings', 'fries'],
    'slide-free-delivery': ['pizza-meat', 'set-hot'],
    'slide-sets': ['set-philadelphia', 'set-california', 'set-samurai'],
    'slide-night': ['pizza-four-cheese', 'cranberry-mors'],
  };
  for (const slide of SLIDES)
    files.set(imagePath(slide.imageUrl), bannerSvg(slide.id, 1200, 400, pick(...(slideArt[slide.id] ?? ['canada']))));
  return files;
}
