// The portal's side of the game gateway protocol (docs/game-gateway.md, DESIGN §6).
import type { GatewayDeliverResult, GatewayRole, GatewayServer } from '@hc/contract';

export type { GatewayDeliverResult, GatewayRole, GatewayServer };

/** The game could not be reached or answered badly: callers show SystemBusy / retry later. */
export class GatewayError extends Error {
  constructor(
    message: string,
    /** true: the request may have been applied (timeout after sending); deliver retries are safe. */
    readonly maybeApplied: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'GatewayError';
  }
}

export interface DeliverInput {
  /** Unique per delivery (the job's dedupe key): the game applies each id once. */
  deliveryId: string;
  /** Game account id (uid). */
  uid: number;
  serverId: number;
  roleId: string;
  items: Array<{ item_id: string; name: string; count: number }>;
  /** Portal order number, for the game's own records. */
  orderId: string;
}

export interface GameGateway {
  /** Servers with state 0 open / 1 maintenance. */
  listServers(gameId: number): Promise<GatewayServer[]>;
  /** Roles of a game account on one server (empty array: no roles there). */
  listRoles(gameId: number, uid: number, serverId: number): Promise<GatewayRole[]>;
  /** Idempotent on deliveryId: a repeat returns the first result. */
  deliver(gameId: number, input: DeliverInput): Promise<GatewayDeliverResult>;
  /** true when GAME_GATEWAYS has an entry for the game. */
  has(gameId: number): boolean;
}
