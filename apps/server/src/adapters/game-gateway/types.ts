// The portal's side of the game gateway protocol (docs/game-gateway.md).
import type {
  GatewayDeliverResult,
  GatewayRole,
  GatewayServer,
  GatewayTakebackResult,
  GatewayUid,
  GatewayValidateResponse,
  GatewayVerifyCredentialsResponse,
} from '@hc/contract';

export type {
  GatewayDeliverResult,
  GatewayRole,
  GatewayServer,
  GatewayTakebackResult,
  GatewayUid,
  GatewayValidateResponse,
  GatewayVerifyCredentialsResponse,
};

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
  /**
   * Who the game grants to. A number is the portal's game account id (game_accounts.id): the
   * container's gateway (adapters/game-gateway/uids.ts) sends that game account's uid instead.
   * A string is the game's own player id, sent as is.
   */
  uid: GatewayUid;
  serverId: number;
  roleId: string;
  items: Array<{ item_id: string; name: string; count: number }>;
  /** Portal order number, for the game's own records. */
  orderId: string;
}

export interface GameGateway {
  /** Servers with state 0 open / 1 maintenance. */
  listServers(gameId: number): Promise<GatewayServer[]>;
  /** Roles of a game account on one server (empty array: no roles there); uid as in DeliverInput. */
  listRoles(gameId: number, uid: GatewayUid, serverId: number): Promise<GatewayRole[]>;
  /**
   * Does the game know the player `uid` (its own id, as stored in game_accounts.uid), and the
   * server when one is given? Asked before the Publisher API binds a uid (ADR 0039).
   */
  validate(gameId: number, uid: string, serverId?: number): Promise<GatewayValidateResponse>;
  /**
   * For a game that keeps its players' credentials (GAME_GATEWAYS `credentials: "game"`): are
   * this account name and password right? On success the game's uid and what it knows of the
   * player; else `unknown_account` or `wrong_password`. Never cached.
   */
  verifyCredentials(
    gameId: number,
    account: string,
    password: string,
  ): Promise<GatewayVerifyCredentialsResponse>;
  /** Idempotent on deliveryId: a repeat returns the first result. */
  deliver(gameId: number, input: DeliverInput): Promise<GatewayDeliverResult>;
  /**
   * Reverses a delivery after a refund; idempotent on deliveryId (the delivery's own id). A
   * delivery the game never applied -> GatewayError with code 'not_found' (status 404).
   */
  takeback(gameId: number, input: DeliverInput): Promise<GatewayTakebackResult>;
  /** true when the game has a gateway (set in the console, or in GAME_GATEWAYS). */
  has(gameId: number): Promise<boolean>;
}
