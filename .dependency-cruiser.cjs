// Layers and import cycles, checked by `npm run lint` (depcruise src server tests tools).
//
// Client (src/):   views → effects → log → commands → projections → events → api, domain
//   src/api (the contract shared with the server, the typed client) and src/domain (pure rules)
//   are the shared bottom layers; events, projections, commands and effects are the core.
//   src/log (the recorded event log, replay, redaction) sits above the core it replays.
// Server (server/): main.ts, app.ts → routes, seed → services, push.ts → repositories → db;
//   services also → context.ts, integrations. Routes reach the database only through services:
//   they import neither db/schema nor drizzle-orm (known exception 6). Repositories
//   (server/repositories/<aggregate>.ts) hold the queries and import no service or route.
//   config.ts, http/errors.ts (the HTTP refusals services throw) and http/credentials.ts are
//   shared by all of them; http/route.ts and http/requestAuth.ts (the request's token, address,
//   headers) are the routes' own. The server may use src/api and src/domain, nothing else of src/.
// tests/ and tools/ may import anything. Nothing imports upward, and there are no cycles.
//
// KNOWN EXCEPTIONS (each needs a restructuring that is planned separately; every other file is
// held to the rules). Remove an entry when its restructuring lands (the numbers stay; 1, the
// order core's cycle, and 2, the event log's upward imports, are gone):
// 3. The server re-masks client reports with the client's redaction rules:
//    server/services/clientLogs.ts imports src/log/log.ts (maskPhonesInText, redactValue).
// 4. A lazy chunk typed against the module that starts it (a type-only import forward, the
//    chunk's value imports back): src/views/app/bugReportStart.ts ↔ src/views/app/bugReportUi.tsx.
// 5. A type-only cycle: src/effects/deps.ts ↔ src/effects/persistence.ts (Effect / KeyValueStorage).
// 6. Routes not yet moved onto services, being changed elsewhere now (deploy/drain):
//    server/routes/health.ts (select 1).
// 7. Services that still build queries themselves (drizzle-orm or server/db at runtime), the next
//    step of the move onto repositories: the order core, payments, admin orders, phone orders and
//    order edits (being changed elsewhere now). Listed in SERVICES_STILL_QUERYING.

/** Cycles made only of these groups' own modules are known (exceptions 4, 5). */
const KNOWN_CYCLES = ['^src/views/app/bugReport(Start[.]ts|Ui[.]tsx)$', '^src/effects/(deps|persistence)[.]ts$'];

/** Route files allowed to import db/schema or drizzle-orm (known exception 6). */
const ROUTES_NOT_YET_MOVED = '^server/routes/health[.]ts$';

/** Services allowed to import drizzle-orm or server/db at runtime (known exception 7). */
const SERVICES_STILL_QUERYING = [
  'order/',
  'payments[^/]*[.]ts$',
  'admin/(orders|phoneOrders|orderEdits|editRefunds)[.]ts$',
].map((p) => `^server/services/${p}`);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles, type-only imports included (known exceptions 4, 5 above).',
      from: {},
      to: { circular: true, via: { pathNot: KNOWN_CYCLES.join('|') } },
    },
    {
      name: 'app-not-tests-or-tools',
      severity: 'error',
      comment: 'The client and the server never import tests/ or tools/.',
      from: { path: '^(src|server)/' },
      to: { path: '^(tests|tools)/' },
    },

    // ---- client ----
    {
      name: 'client-not-server',
      severity: 'error',
      comment: 'The client never imports server code.',
      from: { path: '^src/' },
      to: { path: '^server/' },
    },
    {
      name: 'shared-bottom-not-up',
      severity: 'error',
      comment: 'src/api and src/domain are the bottom layers: they import neither the core nor the views.',
      from: { path: '^src/(api|domain)/' },
      to: { path: '^src/(events|projections|commands|log|effects|views)/' },
    },
    {
      name: 'core-not-views',
      severity: 'error',
      comment: 'Events, projections, commands, the log and effects never import the views.',
      from: { path: '^src/(events|projections|commands|log|effects)/' },
      to: { path: '^src/views/' },
    },
    {
      name: 'events-below-core',
      severity: 'error',
      comment: 'Events are facts: they import no commands, projections, log or effects.',
      from: { path: '^src/events/' },
      to: { path: '^src/(projections|commands|log|effects)/' },
    },
    {
      name: 'projections-below-commands',
      severity: 'error',
      comment: 'Projections only apply events: they import no commands, log or effects.',
      from: { path: '^src/projections/' },
      to: { path: '^src/(commands|log|effects)/' },
    },
    {
      name: 'commands-below-effects',
      severity: 'error',
      comment: 'Deciders are pure: commands never import the log or effects.',
      from: { path: '^src/commands/' },
      to: { path: '^src/(log|effects)/' },
    },
    {
      name: 'log-below-effects',
      severity: 'error',
      comment: 'The log replays the core; the effects (the recorder) use it, never the other way.',
      from: { path: '^src/log/' },
      to: { path: '^src/effects/' },
    },

    // ---- server ----
    {
      name: 'server-uses-shared-client-layers-only',
      severity: 'error',
      comment: 'The server may use src/api (the contract) and src/domain, nothing else of src/ (known exception 3).',
      from: { path: '^server/', pathNot: '^server/services/clientLogs[.]ts$' },
      to: { path: '^src/', pathNot: '^src/(api|domain)/' },
    },
    {
      name: 'services-not-routes',
      severity: 'error',
      comment:
        'Services (and push.ts, seo/, ssr/) never import routes, route registration or helpers, the seed or the app.',
      from: { path: '^server/(services/|seo/|ssr/|push[.]ts$)' },
      to: { path: '^server/(routes/|seed/|http/(route|requestAuth)[.]ts$|app[.]ts$|main[.]ts$)' },
    },
    {
      name: 'routes-through-services',
      severity: 'error',
      comment:
        'Routes reach the database through services: no db/schema, repositories or drizzle-orm (known exception 6).',
      from: { path: '^server/routes/', pathNot: ROUTES_NOT_YET_MOVED },
      // unanchored: node_modules may resolve through a symlink (a git worktree's)
      to: { path: '^server/(db/schema|repositories)/|(^|/)node_modules/drizzle-orm/' },
    },
    {
      name: 'services-query-through-repositories',
      severity: 'error',
      comment:
        'Services build no queries: drizzle-orm and server/db only as types, the rest through repositories (known exception 7).',
      from: { path: '^server/services/', pathNot: SERVICES_STILL_QUERYING.join('|') },
      // unanchored: node_modules may resolve through a symlink (a git worktree's)
      to: { path: '^server/db/|(^|/)node_modules/drizzle-orm/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'repositories-below-services',
      severity: 'error',
      comment:
        'Repositories hold queries: they import db and the shared modules, never services, routes, integrations, context or the app.',
      from: { path: '^server/repositories/' },
      to: {
        path: '^server/(services/|routes/|seed/|integrations/|http/(route|requestAuth)[.]ts$|context[.]ts$|push[.]ts$|app[.]ts$|main[.]ts$)',
      },
    },
    {
      name: 'context-below-services',
      severity: 'error',
      comment: 'server/context.ts names the adapters a request needs; it imports no repository, service or route.',
      from: { path: '^server/context[.]ts$' },
      to: { path: '^server/(repositories/|services/|routes/|seed/|http/route[.]ts$|push[.]ts$|app[.]ts$|main[.]ts$)' },
    },
    {
      name: 'adapters-not-up',
      severity: 'error',
      comment:
        'db and integrations are the bottom server layer: no repositories, services, routes, seed, context, push or app.',
      from: { path: '^server/(db|integrations)/' },
      to: {
        path: '^server/(repositories/|services/|routes/|seed/|http/(route|requestAuth)[.]ts$|context[.]ts$|push[.]ts$|app[.]ts$|main[.]ts$)',
      },
    },
    {
      name: 'server-shared-not-up',
      severity: 'error',
      comment:
        'config.ts, http/errors.ts and http/credentials.ts are used by every server layer and import none of them.',
      from: { path: '^server/(config|http/errors|http/credentials)[.]ts$' },
      to: { path: '^server/', pathNot: '^server/(config|http/errors|http/credentials)[.]ts$' },
    },
  ],
  options: {
    // Type-only imports count: a layer that names another's types depends on it.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|data)/' },
    // Vite's `?url`/`?raw` suffixes and CSS modules resolve like files.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
