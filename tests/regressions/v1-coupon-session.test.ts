// Regression test written by `npm run replay -- v1-coupon.json --to-test v1-coupon-session`.
// v1-coupon-session.log.json is the recorded log (phones and names masked, token hidden): app 0.0.9,
// store version 1, 4 entries (3 commands), the last at 2026-11-28T09:00:03.000Z.
// v1-coupon-session.expected.json is the state it replayed to when this test was written, i.e. what the
// customer saw. Edit it to the state the app should reach (or replace the assertion below): the
// test then fails until the bug is fixed. Inspect the log with
// `npm run replay -- tests/regressions/v1-coupon-session.log.json --diff` or in /admin/reports.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { replayFinal } from '../../src/log/log';
import { parseLogText } from '../../src/log/logCodec';

const fixture = (file: string): string => readFileSync(new URL(file, import.meta.url), 'utf8');

it('v1-coupon-session: the recorded log replays to the expected state', () => {
  const log = parseLogText(fixture('./v1-coupon-session.log.json'));
  const expected: unknown = JSON.parse(fixture('./v1-coupon-session.expected.json'));
  expect(JSON.parse(JSON.stringify(replayFinal(log)))).toEqual(expected);
});
