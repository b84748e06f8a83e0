// Ends the session (docs/product/session.md): tells the server (its failure is ignored), then clears the token.
import { api } from '@hc/contract';
import { callApi } from '../../../lib/api-client';
import { endSession } from '../../../lib/session';

export async function logout(): Promise<void> {
  try {
    await callApi(api.userLogout, {});
  } catch {
    // docs/product/session.md#logout only requires the stored token to go; a failed server call must not block it.
  }
  endSession();
}
