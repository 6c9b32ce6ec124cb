// IIKO_HANDOFF_GIVE_UP_MINUTES: how long a failing hand-off is retried, read in minutes; a value
// it cannot read stops the start with a Russian refusal naming the variable.
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../../server/config.js';

const IIKO = { IIKO_API_LOGIN: 'login', IIKO_ORGANIZATION_ID: 'org-demo' };

describe('IIKO_HANDOFF_GIVE_UP_MINUTES', () => {
  it('defaults to an hour and is read in minutes', () => {
    expect(readConfig(IIKO).config?.iiko?.handoffGiveUpMs).toBe(60 * 60_000);
    expect(readConfig({ ...IIKO, IIKO_HANDOFF_GIVE_UP_MINUTES: '15' }).config?.iiko?.handoffGiveUpMs).toBe(15 * 60_000);
    expect(readConfig({ ...IIKO, IIKO_HANDOFF_GIVE_UP_MINUTES: '10080' }).config?.iiko?.handoffGiveUpMs).toBe(
      10_080 * 60_000,
    );
  });

  it.each(['0', '-5', '1.5', 'час', '10081'])('refuses %s with a Russian message', (value) => {
    const reading = readConfig({ ...IIKO, IIKO_HANDOFF_GIVE_UP_MINUTES: value });
    expect(reading.config).toBeNull();
    expect(reading.problems).toEqual([
      `IIKO_HANDOFF_GIVE_UP_MINUTES: нужно целое число минут от 1 до 10080 (неделя): столько времени повторяется передача заказа в iiko, а не "${value}"`,
    ]);
  });
});
