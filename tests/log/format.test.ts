import { describe, expect, it } from 'vitest';
import { CURRENT_SCHEMA_VERSION, LogFormatError } from '../../src/log/log';
import { toyCodec, toyLog } from './toy';

describe('log format (DESIGN point 6: { schemaVersion, appVersion, storeVersion, snapshot?, entries })', () => {
  it('parses a current log and keeps it as is', () => {
    const log = toyLog();
    expect(CURRENT_SCHEMA_VERSION).toBe(4);
    expect(toyCodec.parseLog(JSON.parse(JSON.stringify(log)))).toEqual(log);
  });

  it('accepts a snapshot followed by later entries', () => {
    const log = toyLog({ snapshot: { position: 0, state: { count: 10, names: [] } } });
    expect(toyCodec.parseLog(log).snapshot?.state.count).toBe(10);
  });

  it('rejects entries at or before the snapshot position, naming the entry', () => {
    const log = toyLog({ snapshot: { position: 2, state: { count: 10, names: [] } } });
    expect(() => toyCodec.parseLog(log)).toThrow(
      /entries\[0\]\.position: entry position 1 must come after the snapshot's position 2/,
    );
  });

  it('rejects positions that do not strictly increase', () => {
    const log = toyLog();
    const [a, b] = log.entries;
    if (!a || !b) throw new Error('fixture');
    expect(() => toyCodec.parseLog({ ...log, entries: [b, a] })).toThrow(
      /positions must strictly increase \(2 then 1\)/,
    );
  });

  it('names the path of a bad event and of a bad timestamp', () => {
    const log = toyLog();
    const bad = JSON.parse(JSON.stringify(log));
    bad.entries[2].events[1] = { type: 'NameRecorded', data: { name: 42 } };
    bad.entries[0].at = 'yesterday';
    let error: unknown;
    try {
      toyCodec.parseLog(bad);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(LogFormatError);
    const message = error instanceof Error ? error.message : '';
    expect(message).toMatch(/^Invalid event log:/);
    expect(message).toContain('entries[0].at');
    expect(message).toContain('entries[2].events[1].data.name');
  });

  it('rejects what is not a log with a clear message', () => {
    expect(() => toyCodec.parseLog(null)).toThrow(/Not an event log/);
    expect(() => toyCodec.parseLog([])).toThrow(/Not an event log/);
    expect(() => toyCodec.parseLog({ entries: [] })).toThrow(/schemaVersion must be a positive integer, got nothing/);
    expect(() => toyCodec.parseLog({ ...toyLog(), schemaVersion: 5 })).toThrow(
      /schemaVersion 5, written by a newer app; this one reads up to version 4/,
    );
    expect(() => toyCodec.parseLog({ ...toyLog(), storeVersion: undefined })).toThrow(/storeVersion/);
  });

  it('parseLogText turns a JSON syntax error into a LogFormatError', () => {
    expect(() => toyCodec.parseLogText('{"schemaVersion": 3,')).toThrow(LogFormatError);
    expect(() => toyCodec.parseLogText('{"schemaVersion": 3,')).toThrow(/The file is not JSON/);
    expect(toyCodec.parseLogText(JSON.stringify(toyLog()))).toEqual(toyLog());
  });
});
