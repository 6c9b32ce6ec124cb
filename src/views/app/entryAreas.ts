// The chunks the storefront's entry (../main.tsx) loads itself: the client core and the staff app.
// Declared apart from ./lazyAreas.ts, the registry of the core's own lazy areas: the core is one of
// these chunks, so its registry cannot name it without an import cycle, and the entry stays free of
// what that registry imports (rxjs, the API client, the deciders).

export const ENTRY_AREAS = {
  /**
   * The client core (./storefrontCore: store, effects, bug reporting, and through LAZY_AREAS.view the
   * views): on a server-rendered page at the first input or the first idle moment after the load, at
   * once on a client-rendered one.
   */
  core: { load: () => import('./storefrontCore') },
  /** The staff app, at once on /admin… (never on the storefront). */
  admin: { load: () => import('../admin/mount').then((m) => m.mountAdmin) },
} as const;
