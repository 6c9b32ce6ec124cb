// The page's first load must not carry the event and command schemas nor the log codec:
// the recorder and the bug-report wiring start with the page, so what they import (values, not
// types) must stay clear of them. A static walk of the relative imports, so that a new import
// that would drag the schemas into the entry chunk fails here rather than in the bundle's size.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ON_DEMAND_COMMAND_TYPES, type OnDemandArea } from '../../src/commands/decideAreas';
import { resolveModule, staticGraph as staticGraphFrom } from '../../tools/staticImports';

const root = resolve(import.meta.dirname, '../..');

/** Package specifiers a module imports as values (relative ones are the walk's). */
function valueImportsOfPackages(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/^\s*import\s+(?!type\s)(?:[^;]*?\s+from\s+)?'([^.][^']*)'/gm))
    found.push(match[1] ?? '');
  return found;
}

/** Every module reached from `entry` through value imports, as paths relative to the project. */
const staticGraph = (entry: string): Set<string> => staticGraphFrom(root, entry);

/**
 * The client core: what a client-rendered page loads at start, and a server-rendered one at its first
 * input or idle moment (the entry, src/views/main.tsx, loads only it; see the last block).
 */
const CORE = 'src/views/app/storefrontCore.ts';

const SCHEMA_MODULES = ['src/events/index.ts', 'src/commands/index.ts', 'src/log/logCodec.ts', 'src/log/upcasters.ts'];

describe('what the page imports at start for the recorded log', () => {
  it('the walk sees through re-exports and finds the schemas where they are imported', () => {
    expect([...staticGraph('src/log/logCodec.ts')]).toEqual(expect.arrayContaining(SCHEMA_MODULES));
    expect(staticGraph('src/views/app/bugReport.ts').has('src/log/logCodec.ts')).toBe(true);
  });

  it.each(['src/effects/recording.ts', 'src/log/log.ts', 'src/views/app/bugReportUi.tsx'])(
    '%s reaches no schema module nor the log codec',
    (entry) => {
      const graph = staticGraph(entry);
      expect(SCHEMA_MODULES.filter((m) => graph.has(m))).toEqual([]);
      expect(graph.has('src/views/app/bugReport.ts')).toBe(false);
    },
  );

  it('the core reaches the storefront texts but not every refusal of ordering (src/domain/messages.ts)', () => {
    // A module the first load imports comes whole with it, and messages.ts holds every ordering text.
    const graph = staticGraph(CORE);
    expect(graph.has('src/domain/siteTexts.ts')).toBe(true);
    expect(graph.has('src/domain/messages.ts')).toBe(false);
  });

  it('the core starts bug reporting but reaches neither the recorder, the log nor the reporter (loaded when idle)', () => {
    const graph = staticGraph(CORE);
    expect(graph.has('src/views/app/bugReportStart.ts')).toBe(true);
    expect(
      ['src/views/app/bugReportUi.tsx', 'src/effects/recording.ts', 'src/log/log.ts'].filter((m) => graph.has(m)),
    ).toEqual([]);
  });
});

/**
 * The area modules whose schemas make up AppCommandSchema and AppEventSchema, read from the two
 * unions' own imports so that a new area is covered without touching this test.
 */
function areaSchemaModules(): string[] {
  const found = new Set<string>();
  for (const union of ['src/commands/index.ts', 'src/events/index.ts']) {
    const file = resolve(root, union);
    const areaImport = /^import\s*\{[^}]*\b\w+(?:Command|Event)Schema\b[^}]*\}\s*from\s*'(\.[^']+)'/gm;
    for (const match of readFileSync(file, 'utf8').matchAll(areaImport)) {
      const area = resolveModule(file, match[1] ?? '');
      if (area !== null) found.add(relative(root, area));
    }
  }
  return [...found];
}

// The first load runs the deciders, never a schema: validating a command or an event is the lazily
// loaded codec's job (bug reports, replays). A decider that imports a value from a schema module
// (a schema, or a constant that lives beside the schemas) brings every schema of it into the entry chunk.
describe('what the page imports at start for the deciders', () => {
  const schemas = [...areaSchemaModules(), 'src/events/define.ts'];

  it('knows the schema modules of every area of commands and events', () => {
    expect(schemas).toEqual(
      expect.arrayContaining([
        'src/commands/cart.ts',
        'src/commands/view.ts',
        'src/events/cart.ts',
        'src/events/view.ts',
      ]),
    );
    expect(schemas).toHaveLength(23);
  });

  it('the core reaches the deciders but no schema module', () => {
    const graph = staticGraph(CORE);
    expect(graph.has('src/commands/decideAreas.ts')).toBe(true);
    expect(schemas.filter((m) => graph.has(m))).toEqual([]);
  });
});

// Nor are the deciders of the on-demand areas (src/commands/onDemand.ts: checkout, the sign-in
// flow, user, address, the informational pages): every lazily loaded chunk that dispatches a
// command of such an area exports its decider as `deciders`, which the chunk's loader provides.
describe('the on-demand deciders come with the chunks that dispatch their commands', () => {
  const areas = Object.keys(ON_DEMAND_COMMAND_TYPES) as OnDemandArea[];
  const deciderModule = (area: OnDemandArea) => `src/commands/${area}.decide.ts`;
  const sourceFiles = (dir: string): string[] =>
    readdirSync(resolve(root, dir), { withFileTypes: true }).flatMap((d) =>
      d.isDirectory() ? sourceFiles(join(dir, d.name)) : /\.tsx?$/.test(d.name) ? [join(dir, d.name)] : [],
    );
  const storefrontFiles = [...sourceFiles('src/views'), ...sourceFiles('src/effects')].filter(
    (file) => !file.startsWith('src/views/admin/'),
  );
  /** Views and effects dispatch; a decider module naming a command type (the replay's full decider) does not. */
  const dispatchesTo = (file: string): OnDemandArea[] => {
    if (!storefrontFiles.includes(file)) return [];
    const text = readFileSync(resolve(root, file), 'utf8');
    return areas.filter((area) =>
      Object.keys(ON_DEMAND_COMMAND_TYPES[area]).some((t) => text.includes(`type: '${t}'`)),
    );
  };
  /** Every module the storefront loads with import(), as written in the module that loads it. */
  const lazyChunks = (): string[] => [
    ...new Set(
      storefrontFiles.flatMap((file) =>
        [...readFileSync(resolve(root, file), 'utf8').matchAll(/import\('(\.[^']+)'\)/g)]
          .map((m) => resolveModule(resolve(root, file), m[1] ?? ''))
          .filter((m): m is string => m !== null)
          .map((m) => relative(root, m)),
      ),
    ),
  ];
  /** The areas whose deciders a chunk exports as `deciders` (written out, or re-exported from another chunk). */
  const exportedDeciders = (chunk: string): OnDemandArea[] => {
    const file = resolve(root, chunk);
    const text = readFileSync(file, 'utf8');
    const reexport = /^export \{ deciders \} from '(\.[^']+)';/m.exec(text);
    if (reexport) {
      const from = resolveModule(file, reexport[1] ?? '');
      return from === null ? [] : exportedDeciders(relative(root, from));
    }
    const declared = /^export const deciders: ChunkDeciders = \{([^}]*)\}/m.exec(text)?.[1] ?? '';
    return areas.filter((area) => new RegExp(`\\b${area}: decide`).test(declared));
  };

  it('finds the chunks, the deciders they export and the modules that dispatch', () => {
    expect(areas.sort()).toEqual(['address', 'checkout', 'page', 'signIn', 'user']);
    const chunks = lazyChunks();
    expect(chunks).toEqual(
      expect.arrayContaining([
        'src/views/pages/CheckoutPage.tsx',
        'src/views/modals/ModalContent.tsx',
        'src/effects/afterFirstPaint.ts',
        'src/effects/checkoutBrowser.ts',
        'src/views/app/bugReportUi.tsx',
      ]),
    );
    expect(exportedDeciders('src/views/pages/CheckoutPage.tsx').sort()).toEqual(['address', 'checkout']);
    // it shares CompletePage's chunk, whose rating form dispatches to the user area
    expect(exportedDeciders('src/views/pages/CompleteErrorPage.tsx').sort()).toEqual(['checkout', 'user']);
    expect(exportedDeciders('src/effects/afterFirstPaint.ts').sort()).toEqual(['address', 'page', 'signIn', 'user']);
    expect(exportedDeciders('src/views/pages/CartPage.tsx')).toEqual([]);
    expect(dispatchesTo('src/views/pages/CheckoutPage.tsx')).toEqual(expect.arrayContaining(['checkout', 'address']));
    expect(dispatchesTo('src/effects/auth.ts')).toEqual(expect.arrayContaining(['signIn', 'user']));
    // the sign-in loads the addresses through address.ts's loadAddresses
    expect(dispatchesTo('src/effects/address.ts')).toEqual(['address']);
  });

  it('the first load reaches the slots but no on-demand decider nor any module that dispatches to one', () => {
    const graph = staticGraph(CORE);
    expect(graph.has('src/commands/onDemand.ts')).toBe(true);
    expect(graph.has('src/commands/auth.decide.ts')).toBe(true);
    expect(areas.map(deciderModule).filter((m) => graph.has(m))).toEqual([]);
    expect([...graph].filter((m) => m.startsWith('src/') && dispatchesTo(m).length > 0)).toEqual([]);
  });

  it('every lazily loaded chunk exports the decider of each area that it, or a module it imports, dispatches to', () => {
    const missing = lazyChunks().flatMap((chunk) => {
      const exported = exportedDeciders(chunk);
      const dispatched = new Set([...staticGraph(chunk)].flatMap(dispatchesTo));
      return areas.filter((a) => dispatched.has(a) && !exported.includes(a)).map((a) => `${chunk}: ${a}`);
    });
    expect(missing).toEqual([]);
  });
});

// The effects nothing on the first paint needs are one lazily loaded chunk (LAZY_AREAS.account in
// src/views/app/lazyAreas.ts), and the bot check it shares with the checkout chunk comes with
// either: the entry reaches the registry and the generic lazy effect only.
describe('the first load carries no effect of the later chunks', () => {
  const later = [
    'src/effects/afterFirstPaint.ts',
    'src/effects/page.ts',
    'src/effects/auth.ts',
    'src/effects/address.ts',
    'src/effects/user.ts',
    'src/effects/likes.ts',
    'src/effects/balance.ts',
    'src/effects/pageAge.ts',
    'src/effects/highlight.ts',
    'src/effects/promo.ts',
    'src/effects/captcha.ts',
    'src/effects/captchaBrowser.ts',
  ];

  it('the walk finds them from the chunk they load in', () => {
    expect([...staticGraph('src/effects/afterFirstPaint.ts')]).toEqual(expect.arrayContaining(later));
    expect(staticGraph('src/effects/checkoutBrowser.ts').has('src/effects/captchaBrowser.ts')).toBe(true);
  });

  it('the core reaches the registry, the token revocation and the version checks, but none of them', () => {
    const graph = staticGraph(CORE);
    expect([...graph]).toEqual(
      expect.arrayContaining([
        'src/views/app/lazyAreas.ts',
        'src/effects/lazy.ts',
        'src/effects/tokenRevocation.ts',
        'src/effects/versions.ts',
      ]),
    );
    expect(later.filter((m) => graph.has(m))).toEqual([]);
  });
});

// A first visit shows the city prompt while the page is still painting: it is a chunk of its own,
// without the other modals and the deciders they provide (with them, 25 KB fetched before the
// largest picture could paint, Lighthouse on /: src/views/modals/ModalHost.tsx).
describe('the city prompt comes alone', () => {
  it('ModalHost imports CityModal on its own, and the chunk of the other modals does not reach it', () => {
    const host = readFileSync(join(root, 'src/views/modals/ModalHost.tsx'), 'utf8');
    expect(host).toMatch(/import\('\.\/CityModal'\)/);
    const modals = staticGraph('src/views/modals/ModalContent.tsx');
    expect([...modals]).toEqual(
      expect.arrayContaining([
        'src/views/modals/AuthModal.tsx',
        'src/views/modals/AddressModal.tsx',
        'src/commands/signIn.decide.ts',
      ]),
    );
    expect(modals.has('src/views/modals/CityModal.tsx')).toBe(false);
  });

  it('CityModal reaches no other modal and no on-demand decider', () => {
    const graph = [...staticGraph('src/views/modals/CityModal.tsx')];
    const otherModals = readdirSync(join(root, 'src/views/modals'))
      .filter((f) => f.endsWith('Modal.tsx') && f !== 'CityModal.tsx')
      .map((f) => `src/views/modals/${f}`);
    expect(otherModals.length).toBeGreaterThan(5);
    expect(
      graph.filter(
        (m) =>
          otherModals.includes(m) ||
          Object.keys(ON_DEMAND_COMMAND_TYPES).some((area) => m === `src/commands/${area}.decide.ts`) ||
          m.endsWith('ModalContent.tsx'),
      ),
    ).toEqual([]);
  });
});

// zod, the entities and the route definitions are a chunk of their own, loaded with the first API
// call (LAZY_AREAS.menu and LAZY_AREAS.account in src/views/app/lazyAreas.ts): no first paint waits
// for an answer, a server-rendered page carrying its data. With them, 13 KB gzip of the entry.
describe('the first load carries no zod, entity schema nor route definition', () => {
  /** Whether a module imports zod at run time (`import type` is erased). */
  const importsZod = (file: string): boolean =>
    /^\s*import\s+(?!type\s)[^;]*?\s+from\s+'zod[/']/m.test(readFileSync(resolve(root, file), 'utf8'));

  it('the walk finds them from the calls chunks', () => {
    const menu = staticGraph('src/api/menuCalls.ts');
    expect([...menu]).toEqual(
      expect.arrayContaining(['src/api/entities.ts', 'src/api/contract/catalog.ts', 'src/api/contract/settings.ts']),
    );
    expect([...menu].filter(importsZod)).toEqual(expect.arrayContaining(['src/api/entities.ts']));
    expect(staticGraph('src/api/accountCalls.ts').has('src/api/entities.ts')).toBe(true);
  });

  it('the core reaches the API client and the calls registry but none of them', () => {
    const graph = [...staticGraph(CORE)];
    expect(graph).toEqual(expect.arrayContaining(['src/api/client.ts', 'src/api/storefrontApi.ts']));
    expect(graph.filter((m) => m === 'src/api/entities.ts' || m.startsWith('src/api/contract/'))).toEqual([]);
    expect(graph.filter(importsZod)).toEqual([]);
  });
});

// React-DOM (63 KB gzip, most of the old entry) and the storefront's views are a chunk of their
// own (LAZY_AREAS.view): a server-rendered page is usable as HTML until hydration, which waits for
// the first input or an idle moment (PRODUCT.md §9), and the taps made before it are kept.
describe('the first load carries neither React-DOM nor the views', () => {
  /** Whether a module imports react-dom at run time. */
  const importsReactDom = (file: string): boolean =>
    /^\s*import\s+(?!type\s)[^;]*?\s+from\s+'react-dom[/']/m.test(readFileSync(resolve(root, file), 'utf8'));

  it('the walk finds them from the view chunk', () => {
    const view = [...staticGraph('src/views/app/storefrontMount.tsx')];
    expect(view).toEqual(expect.arrayContaining(['src/views/app/App.tsx', 'src/views/components/Header.tsx']));
    expect(view.filter(importsReactDom)).toEqual(['src/views/app/storefrontMount.tsx']);
  });

  it('the core reaches the store, the effects and the state block reader but none of them', () => {
    const graph = [...staticGraph(CORE)];
    expect(graph).toEqual(
      expect.arrayContaining(['src/commands/bus.ts', 'src/effects/index.ts', 'src/views/app/hydration.tsx']),
    );
    expect(graph.filter(importsReactDom)).toEqual([]);
    expect(
      graph.filter(
        (m) => m.startsWith('src/views/components/') || m.startsWith('src/views/pages/') || m.endsWith('/App.tsx'),
      ),
    ).toEqual([]);
  });
});

// A server-rendered page paints from its HTML and runs nothing of the client until the first input
// or an idle moment after the load (docs/SSR.md «Hydration»): the entry keeps the taps made before
// and then loads the core. Whatever it imports downloads and runs while the page's pictures load.
describe('the entry carries only the keeper of early taps', () => {
  /** The packages a module imports at run time. */
  const packages = (file: string): string[] =>
    valueImportsOfPackages(readFileSync(resolve(root, file), 'utf8')).filter((p) => !p.endsWith('.css'));

  it('the entry reaches the keeper, the idle wait and the loaders of its chunks, and no package', () => {
    const graph = [...staticGraph('src/views/main.tsx')].sort();
    expect(graph).toEqual([
      'src/effects/afterLoadIdle.ts',
      'src/views/app/earlyStart.ts',
      'src/views/app/entryAreas.ts',
      'src/views/main.tsx',
    ]);
    expect(graph.flatMap(packages)).toEqual([]);
  });

  it('the core is what the entry loads', () => {
    expect(readFileSync(resolve(root, 'src/views/app/entryAreas.ts'), 'utf8')).toContain("import('./storefrontCore')");
  });
});
