// `npm start`'s environment (scripts/lib.mjs portalStartEnv; node --test scripts/): the dev
// outbox is a development convenience and never added to a production start (ADR 0032).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { portalStartEnv } from './lib.mjs';

test('npm start turns the dev outbox on outside production only', () => {
  assert.equal(portalStartEnv({}).DEV_OUTBOX, 'true');
  assert.equal(portalStartEnv({ NODE_ENV: 'development' }).DEV_OUTBOX, 'true');
  assert.equal(portalStartEnv({ DEV_OUTBOX: 'false' }).DEV_OUTBOX, 'false');
  assert.equal(portalStartEnv({ NODE_ENV: 'production' }).DEV_OUTBOX, undefined);
  assert.equal(portalStartEnv({}).SIGN_UP_ENABLED, 'true');
  assert.equal(portalStartEnv({ SIGN_UP_ENABLED: 'false' }).SIGN_UP_ENABLED, 'false');
  assert.equal(portalStartEnv({ NODE_ENV: 'production' }).SIGN_UP_ENABLED, undefined);
  assert.equal(portalStartEnv({}).SOCIAL_SANDBOX, 'true');
  assert.equal(portalStartEnv({ SOCIAL_SANDBOX: 'false' }).SOCIAL_SANDBOX, 'false');
  assert.equal(portalStartEnv({ NODE_ENV: 'production' }).SOCIAL_SANDBOX, undefined);
  assert.deepEqual(portalStartEnv({ NODE_ENV: 'production', PORT: '80' }), {
    NODE_ENV: 'production',
    PORT: '80',
  });
});
