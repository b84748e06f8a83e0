// The demo game's side of player arrival (docs/publisher-api.md, ADR 0042): its backend asks
// the portal for a hand-over link (handover/create: the player opens the portal signed in and
// bound) or a link code (link-codes/create: the player types it on the portal's account page).
// Calls are signed with the game's publisher key (`npm run portal -- publisher-key create 1`).
import {
  PUBLISHER_API_PREFIX,
  signPublisherRequest,
  type CallResult,
  type api,
} from '@hc/contract';

export interface PortalLink {
  /** The portal's origin, e.g. http://127.0.0.1:8080. */
  url: string;
  keyId: string;
  secret: string;
}

export class PortalCallError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

async function signedCall<T>(portal: PortalLink, call: string, body: unknown): Promise<T> {
  const path = `${PUBLISHER_API_PREFIX}/${call}`;
  const raw = JSON.stringify(body);
  const headers = await signPublisherRequest({
    keyId: portal.keyId,
    secret: portal.secret,
    method: 'POST',
    path,
    body: raw,
  });
  const res = await fetch(`${portal.url.replace(/\/+$/, '')}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: raw,
    signal: AbortSignal.timeout(10_000),
  });
  const envelope = (await res.json()) as { code: number; msg: string; result?: T };
  if (envelope.code !== 0 || envelope.result === undefined)
    throw new PortalCallError(envelope.code, envelope.msg);
  return envelope.result;
}

/** A hand-over link for the player `uid`: opening it signs in (and binds a new uid). */
export function createHandover(
  portal: PortalLink,
  uid: string,
  displayName?: string,
): Promise<CallResult<typeof api.publisherHandoverCreate>> {
  return signedCall(portal, 'handover/create', {
    uid,
    ...(displayName === undefined ? {} : { display_name: displayName }),
  });
}

/** A one-time link code for the player `uid`, to show in the game. */
export function createLinkCode(
  portal: PortalLink,
  uid: string,
): Promise<CallResult<typeof api.publisherLinkCodesCreate>> {
  return signedCall(portal, 'link-codes/create', { uid });
}
