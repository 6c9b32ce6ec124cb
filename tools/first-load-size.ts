// `npx tsx tools/first-load-size.ts`: the gzip bytes of what a page loads before its first tap,
// after `npx vite build`: the entry script and its modulepreloads in dist/client/index.html (as
// tools/bench-web.ts counts them), all a server-rendered page loads before its first input or idle
// moment; a client-rendered page adds its chunk and the client core the server preloads
// (server/routes/pageAssets.ts). What a rendered page loads at its first input is listed apart.
// Exits 1 over the budget.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { pageAssets, readManifest } from '../server/routes/pageAssets';
import type { SitePage } from '../src/api/siteRoutes';

const BUDGET = 100 * 1024;
const CLIENT_DIR = path.resolve(import.meta.dirname, '../dist/client');
const html = fs.readFileSync(path.join(CLIENT_DIR, 'index.html'), 'utf8');
const gzipSize = (file: string) =>
  zlib.gzipSync(fs.readFileSync(path.join(CLIENT_DIR, file.replace(/^\//, ''))), { level: 9 }).length;
const entry = [
  ...new Set(
    [
      ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
      ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
    ]
      .map((m) => m[1] ?? '')
      .filter((s) => s.endsWith('.js')),
  ),
];
const sum = (files: readonly string[]) => files.reduce((total, file) => total + gzipSize(file), 0);

let over = false;
const report = (label: string, files: readonly string[]) => {
  const total = sum(files);
  over ||= total > BUDGET;
  console.log(`${String(total).padStart(8)} B  ${label} (${files.length} files; budget ${BUDGET} B: 100 KB)`);
};
for (const file of entry) console.log(`${String(gzipSize(file)).padStart(8)} B  ${file}`);
report('index.html: entry + modulepreloads', entry);

const manifest = readManifest(CLIENT_DIR);
if (manifest !== null) {
  // A server-rendered page loads only the entry before the first input or idle moment (docs/SSR.md
  // «Hydration»); then the core, the page's chunk and the views, which a client-rendered page (the cart
  // here) preloads with its HTML.
  report('a client-rendered cart page', [...new Set([...entry, ...pageAssets(manifest, 'cart').scripts])]);
  const closure = (key: string, into = new Set<string>()) => {
    const chunk = manifest[key];
    if (chunk === undefined || into.has(`/${chunk.file}`)) return into;
    into.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) closure(imported, into);
    return into;
  };
  const view = closure('src/views/app/storefrontMount.tsx');
  const pages: SitePage[] = ['index', 'catalog', 'product'];
  for (const page of pages) {
    const atStart = [...new Set([...pageAssets(manifest, page).scripts, ...view])].filter((f) => !entry.includes(f));
    console.log(
      `${String(sum(atStart)).padStart(8)} B  a server-rendered ${page} page at its first input or idle moment: ` +
        `the core, its chunk, React-DOM and the views (${atStart.length} files)`,
    );
  }
}
if (over) process.exitCode = 1;
