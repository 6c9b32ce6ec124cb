import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createHash } from 'node:crypto';
import { build, defaultClientConditions, defineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import { CORE_CHUNK_NAME, CORE_MODULE } from './src/api/pageModules';
import { staticGraph } from './tools/staticImports';

// precompress(): writes `<file>.br` (brotli 11) and `<file>.gz` (gzip 9) beside each
// compressible output file, which the server sends as they are (@fastify/static preCompressed).
// Compressing once at build time costs a second or two; compressing 500 KB of JavaScript per
// first visit would cost the server CPU and the visitor bytes.
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt)$/;
/** Smaller files gain nothing worth a second representation. */
const MIN_BYTES = 1024;

/** A build plugin that acts on the written bundle in the resolved output folder. */
function afterWrite(
  name: string,
  write: (outDir: string, bundle: Rolldown.OutputBundle) => void | Promise<void>,
): Plugin {
  let outDir = 'dist';
  return {
    name,
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle: (_options, bundle) => write(outDir, bundle),
  };
}

function precompress(): Plugin {
  return afterWrite('storefront-precompress', (outDir, bundle) => {
    for (const fileName of Object.keys(bundle)) {
      if (!COMPRESSIBLE.test(fileName)) continue;
      const file = path.join(outDir, fileName);
      const body = fs.readFileSync(file);
      if (body.length < MIN_BYTES) continue;
      fs.writeFileSync(
        `${file}.br`,
        zlib.brotliCompressSync(body, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
        }),
      );
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
    }
  });
}

// serviceWorkerBuild(): the service worker (src/sw/serviceWorker.ts, docs/PUSH.md) is its own
// build into dist/client/sw.js, one classic script served from the root scope. It is told the
// entry's files (its app shell), so every client build gives a new worker that caches its own.
function serviceWorkerBuild(): Plugin {
  return afterWrite('storefront-service-worker', async (outDir, bundle) => {
    const shell = new Set(['/']);
    // The entry and the view chunk (React-DOM and the views, LAZY_AREAS.view) with what they
    // import: without the view chunk an offline page could not render.
    const isShell = (file: (typeof bundle)[string]) =>
      file.type === 'chunk' && (file.isEntry || /storefrontMount\.tsx$/.test(file.facadeModuleId ?? ''));
    for (const file of Object.values(bundle)) {
      if (file.type !== 'chunk' || !isShell(file)) continue;
      for (const name of [file.fileName, ...file.imports, ...(file.viteMetadata?.importedCss ?? [])])
        shell.add(`/${name}`);
    }
    const list = [...shell];
    await build({
      configFile: false,
      logLevel: 'warn',
      publicDir: false,
      define: {
        __SW_SHELL__: JSON.stringify(list),
        __SW_BUILD__: JSON.stringify(createHash('sha256').update(list.join('\n')).digest('hex').slice(0, 12)),
      },
      build: {
        outDir,
        emptyOutDir: false,
        copyPublicDir: false,
        sourcemap: false,
        minify: true,
        lib: {
          entry: 'src/sw/serviceWorker.ts',
          formats: ['iife'],
          name: 'storefrontServiceWorker',
          fileName: () => 'sw.js',
        },
      },
    });
  });
}

// `vite build --ssr` (npm run build's second step) builds src/views/ssr/renderPage.tsx into
// dist/server for the server's page route (docs/SSR.md); the rest of this file is the browser build.
const SSR_BUILD = {
  outDir: 'dist/server',
  sourcemap: true,
  emptyOutDir: true,
  copyPublicDir: false,
  rolldownOptions: { input: 'src/views/ssr/renderPage.tsx', output: { entryFileNames: 'renderPage.js' } },
};

/**
 * The client core (src/views/app/storefrontCore.ts, ENTRY_AREAS.core) and every module it reaches
 * statically: one chunk, as the entry was before the core left it. Left to the bundler, its modules
 * that the views share went into the shell chunk, which brought the shell and React-DOM with the core.
 */
const CORE_MODULES = new Set(
  [...staticGraph(import.meta.dirname, CORE_MODULE)].map((m) => path.resolve(import.meta.dirname, m)),
);

export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild === true ? [react()] : [react(), precompress(), serviceWorkerBuild()],
  // wouter is bundled so that the alias below replaces its shim import on the server too.
  ssr: { noExternal: ['wouter'] },
  // rxjs 7 ships ES5 code (a tslib class helper per operator) under the default condition and
  // native ES2015 classes under 'es2015': smaller and faster to parse on a phone.
  // wouter imports `use-sync-external-store/shim` for React < 18; we run React 19, whose own hook
  // the shim would return anyway (src/vendor/useSyncExternalStoreShim.ts).
  resolve: {
    conditions: ['es2015', ...defaultClientConditions],
    alias: [
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: path.resolve(import.meta.dirname, 'src/vendor/useSyncExternalStoreShim.ts'),
      },
    ],
  },
  // The manifest tells the server which chunks and styles each page needs (server/routes/pageAssets.ts).
  build:
    isSsrBuild === true
      ? SSR_BUILD
      : {
          outDir: 'dist/client',
          sourcemap: true,
          manifest: true,
          rolldownOptions: {
            // Everything the entry imports statically is one chunk. Left alone, the bundler cuts the
            // modules that a lazy chunk shares with the entry into small preloaded pieces (10 files
            // for the first load instead of 2), each paying its own request and compression overhead.
            // React-DOM is the view chunk's alone (LAZY_AREAS.view): grouped apart, it is not merged
            // with the JSX runtime every page chunk imports, which would make each page preload it.
            // The shell (the views, routing and components shared by three chunks or more) is one
            // chunk: left apart, a rendered page preloaded 21 files instead of 9. The client core is
            // one chunk too (CORE_MODULES), ahead of the shell.
            output: {
              codeSplitting: {
                groups: [
                  { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/, priority: 1 },
                  { name: 'app', tags: ['$initial'], priority: 3 },
                  { name: CORE_CHUNK_NAME, test: (id) => CORE_MODULES.has(id), priority: 2 },
                  {
                    name: 'shell',
                    test: /[\\/]src[\\/]views[\\/](app|components|styles)[\\/]|node_modules[\\/](wouter|react[\\/](jsx-runtime|cjs[\\/]react-jsx))/,
                    minShareCount: 3,
                    priority: 0,
                  },
                ],
              },
            },
          },
        },
  server: { proxy: { '/api': 'http://localhost:3333', '/img': 'http://localhost:3333' } },
}));
