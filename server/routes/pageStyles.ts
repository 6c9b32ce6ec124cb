// A server-rendered page carries its styles inline: the entry's stylesheet and its page chunk's,
// each file as one <style> block, instead of a render-blocking request per file (eight on the
// index page). The CSP names each block by hash (docs/SSR.md «The HTML»).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PAGE_MODULES } from '../../src/api/pageModules.js';
import type { SitePage } from '../../src/api/siteRoutes.js';
import { CLIENT_RENDERED_PAGES } from '../ssr/routing.js';
import { pageAssets, readManifest } from './pageAssets.js';

/** The hrefs of the stylesheets a built index.html links (the entry's CSS). */
export function linkedStyles(indexHtml: string): string[] {
  return [...indexHtml.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)]
    .map((m) => /\bhref="([^"]+)"/.exec(m[0])?.[1] ?? '')
    .filter((href) => href.startsWith('/assets/') && href.endsWith('.css'));
}

/** A built file's text; built names carry their content hash, so one read per process is enough. */
const styleTexts = new Map<string, string | null>();
export function readStyle(clientDir: string, href: string): string | null {
  const file = path.join(clientDir, href);
  if (!file.startsWith(path.join(clientDir, 'assets') + path.sep)) return null;
  const known = styleTexts.get(file);
  if (known !== undefined) return known;
  let text: string | null;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    text = null;
  }
  // a style block ends at the first '</style': such a file stays a link
  if (text !== null && /<\/style/i.test(text)) text = null;
  styleTexts.set(file, text);
  return text;
}

/** The CSP source of one inline <style> block's text. */
export function styleHash(css: string): string {
  return `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`;
}

/** The <style> block of a stylesheet, or null when it cannot be inlined (missing, unsafe). */
export function inlineStyle(clientDir: string, href: string): string | null {
  const css = readStyle(clientDir, href);
  return css === null ? null : `<style>${css}</style>`;
}

let hashes: { dir: string; mtimeMs: number; value: string[]; checkedAt: number } | null = null;

/**
 * The hashes of every stylesheet a rendered page may inline in the current build: the entry's
 * and each rendered page's chunks'. Every answer's policy asks, so index.html is checked for a
 * new build every few seconds only.
 */
export function inlineStyleHashes(clientDir: string): string[] {
  const dir = path.resolve(clientDir);
  const now = Date.now();
  if (hashes !== null && hashes.dir === dir && now - hashes.checkedAt < 2_000) return hashes.value;
  let html: string;
  let mtimeMs: number;
  try {
    const index = path.join(dir, 'index.html');
    mtimeMs = fs.statSync(index).mtimeMs;
    if (hashes !== null && hashes.dir === dir && hashes.mtimeMs === mtimeMs) {
      hashes.checkedAt = now;
      return hashes.value;
    }
    html = fs.readFileSync(index, 'utf8');
  } catch {
    return [];
  }
  const manifest = readManifest(dir);
  const hrefs = new Set(linkedStyles(html));
  if (manifest !== null)
    for (const page of Object.keys(PAGE_MODULES) as SitePage[])
      if (!CLIENT_RENDERED_PAGES.has(page)) for (const href of pageAssets(manifest, page).styles) hrefs.add(href);
  const value = [...hrefs].flatMap((href) => {
    const css = readStyle(dir, href);
    return css === null ? [] : [styleHash(css)];
  });
  hashes = { dir, mtimeMs, value, checkedAt: now };
  return value;
}
