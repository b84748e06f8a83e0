// The portal's side of the game gateway protocol (docs/game-gateway.md).
import type {
  GatewayDeliverResult,
  GatewayRole,
  GatewayServer,
  GatewayTakebackResult,
} from '@hc/contract';

export type { GatewayDeliverResult, GatewayRole, GatewayServer, GatewayTakebackResult };

/** The game could not be reached or answered badly: callers show SystemBusy / retry later. */
export class GatewayError extends Error {
  constructor(
    message: string,
    /** true: the request may have been applied (timeout after sending); deliver retries are safe. */
    readonly maybeApplied: boolean,
    options?: { cause?: unknown; status?: number; code?: string },
  ) {
    super(message, options);
    this.name = 'GatewayError';
    this.status = options?.status;
    this.code = options?.code;
  }

  /** HTTP status of the game's answer, when there was one. */
  readonly status: number | undefined;
  /** The game's error code (GatewayErrorCode), when it answered with one. */
  readonly code: string | undefined;
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
  /**
   * Reverses a delivery after a refund; idempotent on deliveryId (the delivery's own id). A
   * delivery the game never applied -> GatewayError with code 'not_found' (status 404).
   */
  takeback(gameId: number, input: DeliverInput): Promise<GatewayTakebackResult>;
  /** true when GAME_GATEWAYS has an entry for the game. */
  has(gameId: number): boolean;
}
