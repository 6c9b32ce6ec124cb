// SubmitCode and the server's sign-in code: the server sends 6 digits ('Код для входа: 123456',
// server/services/otp.ts CODE_LENGTH), so the client must let a 6-digit code through, and a code
// it refuses must say so in the auth modal instead of doing nothing.
import { describe, expect, it } from 'vitest';
import { CODE_LENGTH } from '../../server/services/otp';
import { TEXT_CODE_FORMAT } from '../../src/commands/auth';
import { run, when } from './helpers';

function codeSentState() {
  const s0 = run([], { ready: { signedIn: false } });
  const requested = when({ type: 'RequestCode', data: { phone: '+7 (999) 123-45-67' } }, { state: s0 });
  return when({ type: 'ConfirmCodeSent', data: { phone: '+79991234567' } }, { state: requested.after }).after;
}

describe('SubmitCode with the code the server sends', () => {
  it(`a ${CODE_LENGTH}-digit code from the SMS is submitted`, () => {
    const code = '0123456789'.slice(0, CODE_LENGTH);
    const { events } = when({ type: 'SubmitCode', data: { code } }, { state: codeSentState() });
    expect(events).toEqual([{ type: 'CodeSubmitted', data: { phone: '+79991234567', code } }]);
  });

  it('a malformed code is rejected with a message the auth modal shows', () => {
    const { events, after } = when({ type: 'SubmitCode', data: { code: '12a' } }, { state: codeSentState() });
    expect(events).toEqual([{ type: 'CodeRejected', data: { reason: 'invalid-format' } }]);
    expect(after.auth.flow).toMatchObject({ status: 'codeSent', error: TEXT_CODE_FORMAT });
  });
});

describe('SubmitCode with the name and consents of the code step (SPEC §5 login)', () => {
  it('CodeSubmitted carries them so POST /auth/token can create the user', () => {
    const profile = { name: 'Алиса', personalData: true, PUSHNotifications: false, receiveAdvertisingInformation: true };
    const { events } = when({ type: 'SubmitCode', data: { code: '123456', profile } }, { state: codeSentState() });
    expect(events).toEqual([{ type: 'CodeSubmitted', data: { phone: '+79991234567', code: '123456', profile } }]);
  });
});
