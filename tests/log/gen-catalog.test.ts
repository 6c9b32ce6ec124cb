import { describe, expect, it } from 'vitest';
import { Catalog, Settings, User } from '../../src/api/entities';
import { generateCatalog, generateSettings, sellable, user } from '../../tools/gen-catalog';

describe('tools/gen-catalog (benchmark and fixture data)', () => {
  it('generates 1,000 sellable products that satisfy the shared schemas', () => {
    const catalog = generateCatalog(1000, 42);
    expect(Catalog.parse(catalog)).toEqual(catalog);
    expect(sellable(catalog)).toHaveLength(1000);
    expect(new Set(catalog.products.map((p) => p.id)).size).toBe(catalog.products.length);
    expect(Settings.parse(generateSettings('7')).STORE_VERSION).toBe('7');
    expect(User.parse(user)).toEqual(user);
  });

  it('is deterministic for a seed and differs between seeds', () => {
    expect(generateCatalog(50, 7)).toEqual(generateCatalog(50, 7));
    expect(generateCatalog(50, 7)).not.toEqual(generateCatalog(50, 8));
  });
});

describe('tools/gen-log (the replay benchmark log)', () => {
  it('writes exactly the requested number of schema-valid events, deterministically', async () => {
    const { z } = await import('zod');
    const { AppEventSchema } = await import('../../src/events');
    const { AppCommandSchema } = await import('../../src/commands');
    const { createLogCodec } = await import('../../src/log/logCodec');
    const { generateEventLog, countEvents } = await import('../../tools/gen-log');
    const log = generateEventLog({ eventCount: 2_000, seed: 3 });
    expect(countEvents(log)).toBe(2_000);
    const codec = createLogCodec({ state: z.object({}), event: AppEventSchema, command: AppCommandSchema });
    expect(codec.parseLog(JSON.parse(JSON.stringify(log))).entries).toHaveLength(log.entries.length);
    expect(JSON.stringify(generateEventLog({ eventCount: 500, seed: 3 }))).toBe(
      JSON.stringify(generateEventLog({ eventCount: 500, seed: 3 })),
    );
    const types = new Set(log.entries.flatMap((e) => e.events.map((ev) => ev.type)));
    expect([...types].sort()).toEqual(
      [
        'CatalogLoaded',
        'CitiesLoaded',
        'ItemAdded',
        'ItemQuantityChanged',
        'ItemRemoved',
        'LineHighlighted',
        'PromoResultApplied',
        'SessionStarted',
        'SettingsLoaded',
        'SignedIn',
      ].sort(),
    );
  });
});
