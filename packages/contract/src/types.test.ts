// Compile-time checks that `api` keeps precise types for consumers (run by tsc; vitest only asserts they exist).
import { describe, expectTypeOf, it } from 'vitest';
import { api } from './api';
import type { CallBody, CallResult } from './call';

describe('api types', () => {
  it('keeps literal paths, methods and auth modes', () => {
    expectTypeOf(api.time.method).toEqualTypeOf<'GET'>();
    expectTypeOf(api.orderRecord.auth).toEqualTypeOf<'required'>();
    expectTypeOf(api.userLogin.path).toEqualTypeOf<'/api/user/login'>();
  });

  it('keeps body and result types', () => {
    expectTypeOf<CallBody<typeof api.epointBalance>>().toEqualTypeOf<{ userId: number }>();
    expectTypeOf<CallResult<typeof api.epointBalance>>().toEqualTypeOf<{
      basicNum: number;
      presentNum: number;
    }>();
  });
});
