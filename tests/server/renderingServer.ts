// A test server that renders storefront pages (docs/SSR.md) from a client build folder of its own:
// an index.html shell and whatever other files the test names, removed after the tests. Started
// before the enclosing describe's (or file's) tests, closed after them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { renderPage } from '../../src/views/ssr/renderPage';
import { stateFromBlock } from '../../src/views/app/stateBlock';
import { perFile } from '../support/perFile.js';
import { createTestServer, type TestServer } from './helpers.js';

/** index.html of a build: the app shell the rendered page replaces. */
export const SHELL_INDEX =
  '<!doctype html><html lang="ru"><head><meta charset="UTF-8" /><title>Ролл и Пицца — доставка</title></head>' +
  '<body><div id="root"><div class="app-shell">shell</div></div></body></html>';

export interface RenderingServer extends TestServer {
  /** The client build folder the server reads. */
  clientDir: string;
}

export function renderingServer(options: {
  /** The temporary folder's name prefix. */
  prefix: string;
  index?: string;
  /** More files of the build: path inside the folder → content. */
  files?: Record<string, string>;
  /** false: the server's own default, serving the shell without rendering the page. */
  render?: boolean;
}): RenderingServer {
  return perFile(
    async () => {
      const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), options.prefix));
      const files = { 'index.html': options.index ?? SHELL_INDEX, ...options.files };
      for (const [name, content] of Object.entries(files)) {
        fs.mkdirSync(path.dirname(path.join(clientDir, name)), { recursive: true });
        fs.writeFileSync(path.join(clientDir, name), content);
      }
      const server = await createTestServer({ config: { clientDir } });
      if (options.render !== false) server.ctx.renderPage = renderPage;
      return { ...server, clientDir };
    },
    async (server) => {
      await server.close();
      fs.rmSync(server.clientDir, { recursive: true, force: true });
    },
  );
}

/** The state the page was rendered from (its JSON data block). */
export function storefrontStateOf(html: string): unknown {
  const m = /<script type="application\/json" id="storefront-state">([\s\S]*?)<\/script>/.exec(html);
  if (m?.[1] === undefined) throw new Error('no state block');
  // read as the browser reads it (the catalogue comes in columns)
  return stateFromBlock(JSON.parse(m[1]));
}
