// The page's first load must not carry the event and command schemas nor the log codec (issue 4):
// the recorder and the bug-report wiring start with the page, so what they import (values, not
// types) must stay clear of them. A static walk of the relative imports, so that a new import
// that would drag the schemas into the entry chunk fails here rather than in the bundle's size.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ON_DEMAND_COMMAND_TYPES, type OnDemandArea } from '../../src/commands/decideAreas';

const root = resolve(import.meta.dirname, '../..');

/** Relative specifiers a module imports or re-exports as values (`import type` and `export type` are erased). */
function valueImports(source: string): string[] {
  const found: string[] = [];
  const statement = /^\s*(import|export)\s+(?!type\s)([^;]*?)\s+from\s+'(\.[^']+)'/gms;
  for (const match of source.matchAll(statement)) {
    const clause = match[2] ?? '';
    // `import { type A, type B }` imports nothing at run time either.
    const names = /^\{([^}]*)\}$/.exec(clause.trim());
    if (names && (names[1] ?? '').split(',').every((n) => n.trim() === '' || n.trim().startsWith('type '))) continue;
    found.push(match[3] ?? '');
  }
  for (const match of source.matchAll(/^\s*import\s+'(\.[^']+)'/gm)) found.push(match[1] ?? '');
  return found;
}

function resolveModule(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier.replace(/\.js$/, ''));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (/\.(ts|tsx)$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

/** Every module reached from `entry` through value imports, as paths relative to the project. */
function staticGraph(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [resolve(root, entry)];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    const name = relative(root, file);
    if (seen.has(name)) continue;
    seen.add(name);
    for (const specifier of valueImports(readFileSync(file, 'utf8'))) {
      const next = resolveModule(file, specifier);
      if (next !== null) queue.push(next);
    }
  }
  return seen;
}

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

  it('the entry starts bug reporting but reaches neither the recorder, the log nor the reporter (loaded when idle)', () => {
    const graph = staticGraph('src/views/main.tsx');
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

  it('the entry reaches the deciders but no schema module', () => {
    const graph = staticGraph('src/views/main.tsx');
    expect(graph.has('src/commands/decideAreas.ts')).toBe(true);
    expect(schemas.filter((m) => graph.has(m))).toEqual([]);
  });
});

// Nor are the deciders of the on-demand areas (src/commands/onDemand.ts: checkout, the sign-in
// flow, user, address): every module that dispatches a command of such an area brings its
// decider, by importing commands/<area>.provide.
describe('the on-demand deciders come with the modules that dispatch their commands', () => {
  const areas = Object.keys(ON_DEMAND_COMMAND_TYPES) as OnDemandArea[];
  const provideModule = (area: OnDemandArea) => `src/commands/${area}.provide.ts`;
  /** What the provide module hands to the slot: its value imports but the slot itself. */
  const deciderModules = (area: OnDemandArea): string[] => {
    const file = resolve(root, provideModule(area));
    return valueImports(readFileSync(file, 'utf8'))
      .map((specifier) => resolveModule(file, specifier))
      .filter((m): m is string => m !== null)
      .map((m) => relative(root, m))
      .filter((m) => m !== 'src/commands/onDemand.ts');
  };
  const sourceFiles = (dir: string): string[] =>
    readdirSync(resolve(root, dir), { withFileTypes: true }).flatMap((d) =>
      d.isDirectory() ? sourceFiles(join(dir, d.name)) : /\.tsx?$/.test(d.name) ? [join(dir, d.name)] : [],
    );
  const dispatchersOf = (area: OnDemandArea): string[] => {
    const types = Object.keys(ON_DEMAND_COMMAND_TYPES[area]);
    return [...sourceFiles('src/views'), ...sourceFiles('src/effects')].filter((file) => {
      const text = readFileSync(resolve(root, file), 'utf8');
      return types.some((t) => text.includes(`type: '${t}'`));
    });
  };
  it('knows each area, its provide module and its decider', () => {
    expect(areas.sort()).toEqual(['address', 'checkout', 'page', 'signIn', 'user']);
    expect(areas.map((area) => [area, deciderModules(area)])).toEqual([
      ['address', ['src/commands/address.decide.ts']],
      ['checkout', ['src/commands/checkout.decide.ts']],
      ['page', ['src/commands/page.decide.ts']],
      ['signIn', ['src/commands/signIn.decide.ts']],
      ['user', ['src/commands/user.decide.ts']],
    ]);
  });

  it('the first load reaches the slot but no on-demand decider', () => {
    const graph = staticGraph('src/views/main.tsx');
    expect(graph.has('src/commands/onDemand.ts')).toBe(true);
    expect(graph.has('src/commands/auth.decide.ts')).toBe(true);
    expect(areas.flatMap((area) => [provideModule(area), ...deciderModules(area)]).filter((m) => graph.has(m))).toEqual(
      [],
    );
  });

  it.each([
    [
      'checkout',
      [
        'src/views/pages/CheckoutPage.tsx',
        'src/views/pages/CompletePage.tsx',
        'src/views/modals/AddressModal.tsx',
        'src/effects/checkout.ts',
      ],
    ],
    ['signIn', ['src/views/modals/AuthModal.tsx', 'src/views/modals/ModalContent.tsx', 'src/effects/auth.ts']],
    [
      'user',
      [
        'src/views/pages/personal/ProfilePage.tsx',
        'src/views/pages/personal/HistoryPage.tsx',
        'src/views/components/ProfileForm.tsx',
        'src/effects/user.ts',
        'src/effects/balance.ts',
      ],
    ],
    [
      'address',
      [
        'src/views/modals/AddressModal.tsx',
        'src/views/pages/personal/AddressesPage.tsx',
        'src/effects/address.ts',
        'src/effects/auth.ts',
      ],
    ],
    ['page', ['src/views/pages/InfoPage.tsx', 'src/effects/page.ts']],
  ] as const)(
    'each module in src/views or src/effects that dispatches a %s command reaches its provide module',
    (area, known) => {
      const dispatching = dispatchersOf(area);
      expect(dispatching).toEqual(expect.arrayContaining([...known]));
      expect(dispatching.filter((file) => !staticGraph(file).has(provideModule(area)))).toEqual([]);
    },
  );
});

// The effects nothing on the first paint needs are one lazily loaded chunk
// (src/effects/afterFirstPaintLazy.ts), and the bot check it shares with the checkout chunk comes
// with either: the entry reaches their lazy wrappers only.
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

  it('the entry reaches the lazy wrappers, the token revocation and the version checks, but none of them', () => {
    const graph = staticGraph('src/views/main.tsx');
    expect([...graph]).toEqual(
      expect.arrayContaining([
        'src/effects/afterFirstPaintLazy.ts',
        'src/effects/checkoutLazy.ts',
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
        'src/commands/signIn.provide.ts',
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
      graph.filter((m) => otherModals.includes(m) || m.endsWith('.provide.ts') || m.endsWith('ModalContent.tsx')),
    ).toEqual([]);
  });
});
