// Layers and import cycles, checked by `npm run lint` (depcruise src server tests tools).
//
// Client (src/):   views → effects → log → commands → projections → events → api, domain
//   src/api (the contract shared with the server, the typed client) and src/domain (pure rules)
//   are the shared bottom layers; events, projections, commands and effects are the core.
//   src/log (the recorded event log, replay, redaction) sits above the core it replays.
// Server (server/): main.ts, app.ts → routes, seed → services, push.ts → context.ts → db, integrations
//   config.ts and http/errors.ts (the HTTP refusals services throw) are shared by all of them;
//   http/route.ts registers routes. The server may use src/api and src/domain, nothing else of src/.
// tests/ and tools/ may import anything. Nothing imports upward, and there are no cycles.
//
// KNOWN EXCEPTIONS (each needs a restructuring that is planned separately; every other file is
// held to the rules). Remove an entry when its restructuring lands:
// 1. The order core cycle: server/services/checkout.ts → payments.ts → orderStatus.ts → orders.ts
//    → checkout.ts / payments.ts.
// 3. The server re-masks client reports with the client's redaction rules:
//    server/services/clientLogs.ts imports src/log/log.ts (maskPhonesInText, redactValue).
// 4. Lazy chunks typed against the module that loads them (a type-only import back, plus the
//    dynamic import() forward):
//    src/api/storefrontApi.ts ↔ src/api/accountCalls.ts,
//    src/views/app/bugReportStart.ts ↔ src/views/app/bugReportUi.tsx.
// 5. A type-only cycle: src/effects/deps.ts ↔ src/effects/persistence.ts (Effect / KeyValueStorage).

/** Cycles made only of these groups' own modules are known (exceptions 1, 4, 5). */
const KNOWN_CYCLES = [
  '^server/services/(checkout|orders|payments|orderStatus)[.]ts$',
  '^src/api/(storefrontApi|accountCalls)[.]ts$',
  '^src/views/app/bugReport(Start[.]ts|Ui[.]tsx)$',
  '^src/effects/(deps|persistence)[.]ts$',
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles, type-only imports included (known exceptions 1, 4, 5 above).',
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
      comment: 'Services (and push.ts) never import routes, route registration, the seed or the app.',
      from: { path: '^server/(services/|push[.]ts$)' },
      to: { path: '^server/(routes/|seed/|http/route[.]ts$|app[.]ts$|main[.]ts$)' },
    },
    {
      name: 'context-below-services',
      severity: 'error',
      comment: 'server/context.ts names the adapters a request needs; it imports no service or route.',
      from: { path: '^server/context[.]ts$' },
      to: { path: '^server/(services/|routes/|seed/|http/route[.]ts$|push[.]ts$|app[.]ts$|main[.]ts$)' },
    },
    {
      name: 'adapters-not-up',
      severity: 'error',
      comment: 'db and integrations are the bottom server layer: no services, routes, seed, context, push or app.',
      from: { path: '^server/(db|integrations)/' },
      to: { path: '^server/(services/|routes/|seed/|http/route[.]ts$|context[.]ts$|push[.]ts$|app[.]ts$|main[.]ts$)' },
    },
    {
      name: 'server-shared-not-up',
      severity: 'error',
      comment: 'config.ts and http/errors.ts are used by every server layer and import none of them.',
      from: { path: '^server/(config|http/errors)[.]ts$' },
      to: { path: '^server/', pathNot: '^server/(config|http/errors)[.]ts$' },
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
