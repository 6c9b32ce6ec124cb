// The storefront's server rendering, loaded from the SSR build (`vite build --ssr` writes
// dist/server/renderPage.js beside dist/client). No build: null, and pages go out as the SPA shell.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RenderPage } from '../../src/api/pageRender.js';

export function ssrEntryPath(clientDir: string): string {
  return path.join(path.dirname(path.resolve(clientDir)), 'server', 'renderPage.js');
}

function isRenderPage(value: unknown): value is RenderPage {
  return typeof value === 'function';
}

/** The built renderer, or null when there is no SSR build (or it does not load). */
export async function loadRenderer(clientDir: string, warn: (message: string, error?: unknown) => void) {
  const file = ssrEntryPath(clientDir);
  if (!fs.existsSync(file)) return null;
  try {
    const module: unknown = await import(pathToFileURL(file).href);
    const render = typeof module === 'object' && module !== null && 'renderPage' in module ? module.renderPage : null;
    if (isRenderPage(render)) return render;
    warn(`${file} has no renderPage export: pages go out unrendered`);
  } catch (error) {
    warn(`${file} failed to load: pages go out unrendered`, error);
  }
  return null;
}
