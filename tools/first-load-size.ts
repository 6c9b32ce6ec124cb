// `npx tsx tools/first-load-size.ts`: the gzip bytes of what a page loads before its first tap,
// after `npx vite build`: the entry script and its modulepreloads in dist/client/index.html (as
// tools/bench-web.ts counts them), and for the server-rendered pages that plus the page chunk's
// modulepreloads the server adds (server/routes/pageAssets.ts). React-DOM and the views
// (LAZY_AREAS.view) load after the page has, so they are listed apart. Exits 1 over the budget.
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
  const pages: SitePage[] = ['index', 'catalog', 'product'];
  for (const page of pages) report(`a server-rendered ${page} page`, [...entry, ...pageAssets(manifest, page).scripts]);
  const viewKey = 'src/views/app/storefrontMount.tsx';
  const view = new Set<string>();
  const walk = (key: string) => {
    const chunk = manifest[key];
    if (chunk === undefined || view.has(`/${chunk.file}`)) return;
    view.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) walk(imported);
  };
  walk(viewKey);
  const later = [...view].filter((file) => !entry.includes(file));
  console.log(`${String(sum(later)).padStart(8)} B  after the load: React-DOM and the views (${later.length} files)`);
}
if (over) process.exitCode = 1;
