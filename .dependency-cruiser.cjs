// Layers and import cycles, checked by `npm run lint` (depcruise src server tests tools).
//
// Client (src/):   views → effects → log → commands → projections → events → api, domain
//   src/api (the contract shared with the server, the typed client) and src/domain (pure rules)
//   are the shared bottom layers; events, projections, commands and effects are the core.
//   src/log (the recorded event log, replay, redaction) sits above the core it replays.
// Server (server/): main.ts, app.ts → routes, seed → services, push.ts → repositories → db;
//   services also → context.ts, integrations. Routes reach the database only through services:
//   they import neither db/schema nor drizzle-orm. Repositories (server/repositories/<aggregate>.ts)
//   hold the queries and import no service or route; services and seo/ import drizzle-orm and
//   server/db only as types.
//   config.ts, http/errors.ts (the HTTP refusals services throw) and http/credentials.ts are
//   shared by all of them; http/route.ts and http/requestAuth.ts (the request's token, address,
//   headers) are the routes' own. The server may use src/api and src/domain, nothing else of src/.
// tests/ and tools/ may import anything. Nothing imports upward, and there are no cycles.
//
// There are no known exceptions: every file is held to these rules.

/** A rule: modules matching `from` never import modules matching `to`. */
const forbid = (name, comment, from, to) => ({ name, severity: 'error', comment, from, to });

/** A path pattern for the named parts of server/: folders end in '/', files in '[.]ts$'. */
const serverParts = (...parts) => `^server/(${parts.join('|')})`;

/** The request side at the top of the server: routes and their helpers, the seed, the app. */
const ROUTE_SIDE = ['routes/', 'seed/', 'http/(route|requestAuth)[.]ts$', 'app[.]ts$', 'main[.]ts$'];

/** The shared server modules every layer uses. */
const SERVER_SHARED = '^server/(config|http/errors|http/credentials)[.]ts$';

// unanchored: node_modules may resolve through a symlink (a git worktree's)
const DRIZZLE = '(^|/)node_modules/drizzle-orm/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    forbid('no-circular', 'No import cycles, type-only imports included.', {}, { circular: true }),
    forbid(
      'app-not-tests-or-tools',
      'The client and the server never import tests/ or tools/.',
      { path: '^(src|server)/' },
      { path: '^(tests|tools)/' },
    ),

    // ---- client ----
    forbid('client-not-server', 'The client never imports server code.', { path: '^src/' }, { path: '^server/' }),
    forbid(
      'shared-bottom-not-up',
      'src/api and src/domain are the bottom layers: they import neither the core nor the views.',
      { path: '^src/(api|domain)/' },
      { path: '^src/(events|projections|commands|log|effects|views)/' },
    ),
    forbid(
      'core-not-views',
      'Events, projections, commands, the log and effects never import the views.',
      { path: '^src/(events|projections|commands|log|effects)/' },
      { path: '^src/views/' },
    ),
    forbid(
      'events-below-core',
      'Events are facts: they import no commands, projections, log or effects.',
      { path: '^src/events/' },
      { path: '^src/(projections|commands|log|effects)/' },
    ),
    forbid(
      'projections-below-commands',
      'Projections only apply events: they import no commands, log or effects.',
      { path: '^src/projections/' },
      { path: '^src/(commands|log|effects)/' },
    ),
    forbid(
      'commands-below-effects',
      'Deciders are pure: commands never import the log or effects.',
      { path: '^src/commands/' },
      { path: '^src/(log|effects)/' },
    ),
    forbid(
      'log-below-effects',
      'The log replays the core; the effects (the recorder) use it, never the other way.',
      { path: '^src/log/' },
      { path: '^src/effects/' },
    ),

    // ---- server ----
    forbid(
      'server-uses-shared-client-layers-only',
      'The server may use src/api (the contract) and src/domain, nothing else of src/.',
      { path: '^server/' },
      { path: '^src/', pathNot: '^src/(api|domain)/' },
    ),
    forbid(
      'services-not-routes',
      'Services (and push.ts, seo/, ssr/) never import routes, route registration or helpers, the seed or the app.',
      { path: serverParts('services/', 'seo/', 'ssr/', 'push[.]ts$') },
      { path: serverParts(...ROUTE_SIDE) },
    ),
    forbid(
      'routes-through-services',
      'Routes reach the database through services: no db/schema, repositories or drizzle-orm.',
      { path: '^server/routes/' },
      { path: `${serverParts('db/schema', 'repositories')}/|${DRIZZLE}` },
    ),
    forbid(
      'services-query-through-repositories',
      'Services and seo/ build no queries: drizzle-orm and server/db only as types, the rest through repositories.',
      { path: serverParts('services/', 'seo/') },
      { path: `^server/db/|${DRIZZLE}`, dependencyTypesNot: ['type-only'] },
    ),
    forbid(
      'repositories-below-services',
      'Repositories hold queries: they import db and the shared modules, never services, routes, integrations, context or the app.',
      { path: '^server/repositories/' },
      { path: serverParts('services/', 'integrations/', 'context[.]ts$', 'push[.]ts$', ...ROUTE_SIDE) },
    ),
    forbid(
      'context-below-services',
      'server/context.ts names the adapters a request needs; it imports no repository, service or route.',
      { path: '^server/context[.]ts$' },
      { path: serverParts('repositories/', 'services/', 'push[.]ts$', ...ROUTE_SIDE) },
    ),
    forbid(
      'adapters-not-up',
      'db and integrations are the bottom server layer: no repositories, services, routes, seed, context, push or app.',
      { path: serverParts('db/', 'integrations/') },
      { path: serverParts('repositories/', 'services/', 'context[.]ts$', 'push[.]ts$', ...ROUTE_SIDE) },
    ),
    forbid(
      'server-shared-not-up',
      'config.ts, http/errors.ts and http/credentials.ts are used by every server layer and import none of them.',
      { path: SERVER_SHARED },
      { path: '^server/', pathNot: SERVER_SHARED },
    ),
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
