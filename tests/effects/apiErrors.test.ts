// PRODUCT.md §8 failure mapping shared by every effect.
import { describe, expect, it } from 'vitest';
import {
  apiFailureCommands,
  failureMessage,
  failureStatus,
  TEXT_SERVER_ERROR,
  TEXT_TRY_LATER,
} from '../../src/effects/apiErrors';
import { failure } from './helpers';

describe('API failure mapping (PRODUCT.md §8)', () => {
  it('401 while signed in → ExpireSession; while signed out → nothing', () => {
    expect(apiFailureCommands(failure(401), true)).toEqual([{ type: 'ExpireSession', data: {} }]);
    expect(apiFailureCommands(failure(401), false)).toEqual([]);
  });

  it("422 and 403 → ReportApiRefusal with the server's message, or null so the decider says 'Произошла ошибка при запросе'", () => {
    expect(apiFailureCommands(failure(422, 'Купон не найден'), true)).toEqual([
      { type: 'ReportApiRefusal', data: { status: 422, message: 'Купон не найден' } },
    ]);
    expect(apiFailureCommands(failure(403, '  '), false)).toEqual([
      { type: 'ReportApiRefusal', data: { status: 403, message: null } },
    ]);
  });

  it('other statuses, network failures and plain errors are left to the effect', () => {
    expect(apiFailureCommands(failure(500, 'x'), true)).toEqual([]);
    expect(apiFailureCommands(failure(0), true)).toEqual([]);
    expect(apiFailureCommands(new TypeError('bug'), true)).toEqual([]);
    expect(failureStatus(new TypeError('bug'))).toBeNull();
  });

  it("messages: the server's, else 'Произошла ошибка. Попробуйте позже.' (or the caller's fallback)", () => {
    expect(TEXT_TRY_LATER).toBe('Произошла ошибка. Попробуйте позже.');
    expect(TEXT_SERVER_ERROR).toBe('Ошибка сервера. Попробуйте позже');
    expect(failureMessage(failure(429, 'Повторите через 60 секунд'))).toBe('Повторите через 60 секунд');
    expect(failureMessage(failure(500))).toBe('Произошла ошибка. Попробуйте позже.');
    expect(failureMessage(new Error('x'), TEXT_SERVER_ERROR)).toBe('Ошибка сервера. Попробуйте позже');
  });
});
