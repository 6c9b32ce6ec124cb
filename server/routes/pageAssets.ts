// What a page's lazy chunk (and the effect chunks its first events ask for) needs beyond the
// entry, read from vite's build manifest (dist/client/.vite/manifest.json), written into that
// page's index.html as preloads: the page's JavaScript and styles then load with the HTML, in
// parallel with the main scripts, instead of only once those have run and asked for them.
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod/mini';
import type { SitePage } from '../../src/api/siteRoutes.js';
import { CORE_CHUNK_NAME, CORE_MODULE, PAGE_EFFECT_MODULES, PAGE_MODULES } from '../../src/api/pageModules.js';

const ManifestChunk = z.object({
  file: z.string(),
  name: z.optional(z.string()),
  isEntry: z.optional(z.boolean()),
  imports: z.optional(z.array(z.string())),
  css: z.optional(z.array(z.string())),
});
const Manifest = z.record(z.string(), ManifestChunk);
export type Manifest = z.infer<typeof Manifest>;

/** The manifest of a build, or null (no build, an older build, unreadable). */
export function readManifest(clientDir: string): Manifest | null {
  try {
    return Manifest.parse(JSON.parse(fs.readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8')));
  } catch {
    return null;
  }
}

/** The client core's chunk: its module's own key, or the named chunk the build groups it into. */
function coreKey(manifest: Manifest): string {
  if (manifest[CORE_MODULE] !== undefined) return CORE_MODULE;
  return Object.entries(manifest).find(([, chunk]) => chunk.name === CORE_CHUNK_NAME)?.[0] ?? CORE_MODULE;
}

/** Every chunk key a chunk statically imports, itself included. */
function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || manifest[key] === undefined) return into;
  into.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(manifest, imported, into);
  return into;
}

/**
 * The scripts and styles a page's chunks add to what the entry (index.html) already loads: the page's
 * chunk, the client core the entry loads at once, and the effect chunks the page's first events ask for.
 */
export function pageAssets(manifest: Manifest, page: SitePage): { scripts: string[]; styles: string[] } {
  const moduleKey = PAGE_MODULES[page];
  if (moduleKey === undefined || manifest[moduleKey] === undefined) return { scripts: [], styles: [] };
  const loaded = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry === true) closure(manifest, key, loaded);
  const wanted = new Set<string>();
  for (const key of [moduleKey, coreKey(manifest), ...(PAGE_EFFECT_MODULES[page] ?? [])])
    closure(manifest, key, wanted);
  const scripts: string[] = [];
  const styles: string[] = [];
  for (const key of wanted) {
    if (loaded.has(key)) continue;
    const chunk = manifest[key];
    if (chunk === undefined) continue;
    scripts.push(`/${chunk.file}`);
    for (const css of chunk.css ?? []) if (!styles.includes(`/${css}`)) styles.push(`/${css}`);
  }
  return { scripts, styles };
}

/**
 * The <link>s: modulepreload for scripts (vite's loader sees them and does not fetch again) and
 * preload for styles (the loader still adds the stylesheet, which then comes from the cache);
 * crossorigin as vite's loader asks, so the preloaded responses are the ones reused.
 */
export function pageAssetTags(assets: { scripts: readonly string[]; styles: readonly string[] }): string[] {
  return [
    ...assets.scripts.map((href) => `<link rel="modulepreload" crossorigin href="${href}" />`),
    ...assets.styles.map((href) => `<link rel="preload" as="style" crossorigin href="${href}" />`),
  ];
}
