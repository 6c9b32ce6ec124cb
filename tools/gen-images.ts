// Writes the demo chain's generated illustrations to server/seed/images/ (committed; the /img
// route resizes them). Run `npx tsx tools/gen-images.ts` after changing the menu or the drawings;
// tests/server/seed.test.ts fails when the committed files differ from this output.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatedImages } from '../server/seed/imageFiles.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../server/seed/images');
const files = generatedImages();
let written = 0;
for (const [relative, content] of files) {
  const target = path.join(root, relative);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  if (fs.existsSync(target) && fs.readFileSync(target, 'utf8') === content) continue;
  fs.writeFileSync(target, content);
  written += 1;
}
const largest = Math.max(...[...files.values()].map((c) => Buffer.byteLength(c)));
console.log(`${files.size} images (${written} written) in ${root}; largest ${largest} bytes`);
