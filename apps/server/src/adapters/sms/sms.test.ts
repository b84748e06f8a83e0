// The Twilio-shaped SMS adapter against a local server speaking Messages.json: path, basic
// auth and form fields; a refused request becomes an SmsError (SystemBusy for the caller).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwilio, TWILIO } from '../../../test/support/auth-fixtures';
import { createTwilioSms, SmsError } from './sms';

describe('Twilio SMS adapter', () => {
  let twilio: Awaited<ReturnType<typeof startTwilio>>;
  beforeAll(async () => {
    twilio = await startTwilio();
  });
  afterAll(() => twilio.close());

  it('posts To/From/Body with basic auth to Messages.json', async () => {
    const sms = createTwilioSms({
      baseUrl: twilio.baseUrl,
      accountSid: TWILIO.sid,
      authToken: TWILIO.token,
      from: TWILIO.from,
    });
    await sms.send({ to: '+15550100', body: 'Your verification code is 123456.' });
    expect(twilio.sms.at(-1)).toEqual({
      path: `/2010-04-01/Accounts/${TWILIO.sid}/Messages.json`,
      authorization: `Basic ${Buffer.from(`${TWILIO.sid}:${TWILIO.token}`).toString('base64')}`,
      form: { To: '+15550100', From: TWILIO.from, Body: 'Your verification code is 123456.' },
    });
  });

  it('throws SmsError when the provider refuses (wrong token)', async () => {
    const sms = createTwilioSms({
      baseUrl: twilio.baseUrl,
      accountSid: TWILIO.sid,
      authToken: 'wrong',
      from: TWILIO.from,
    });
    await expect(sms.send({ to: '+15550100', body: 'x' })).rejects.toBeInstanceOf(SmsError);
  });
});
