// The demo game's world, in memory: servers, roles, inventories, applied deliveries and the fault
// switches. Pure data + rules; the HTTP layer (app.ts) only translates requests to these calls.
import type {
  GatewayDeliverRequest,
  GatewayDeliverResult,
  GatewayRole,
  GatewayServer,
  GatewayTakebackRequest,
  GatewayTakebackResult,
  GatewayUid,
  GatewayValidateRequest,
  GatewayValidateResponse,
  GatewayVerifyCredentialsRequest,
  GatewayVerifyCredentialsResponse,
} from '@hc/contract';

/** The demo account's game uid (apps/server/src/db/seeds/demo.ts). */
export const DEMO_UID = 1;

/** A player who signs in with the game's own account name and password. */
export interface CredentialPlayer {
  password: string;
  uid: string;
  display_name: string;
  email?: string;
  phone?: string;
}

/**
 * The game's own sign-in accounts, for a portal configured with `"credentials": "game"` for this
 * game (docs/game-gateway.md `verifyCredentials`, docs/demo.md). Account name -> player.
 */
export const DEMO_CREDENTIAL_PLAYERS: Readonly<Record<string, CredentialPlayer>> = {
  knight: {
    password: 'Knight!pass1',
    uid: 'dk-1001',
    display_name: 'Sir Knight',
    email: 'knight@demo-game.example',
  },
  ranger: {
    password: 'Ranger!pass2',
    uid: 'dk-1002',
    display_name: 'Ranger',
    phone: '+15550101002',
  },
  mage: { password: 'Mage!pass3', uid: 'dk-1003', display_name: 'Mage' },
};

export interface Switches {
  /** Delay before every signed call is handled, milliseconds. */
  latencyMs: number;
  /** 0..1: probability that a signed call answers 503 before doing anything. */
  failureRate: number;
  /** 0..1: probability that a deliver applies the grant and then never answers properly. */
  applyThenTimeout: number;
  /** With applyThenTimeout: how long to hang before dropping the socket (0 = drop at once). */
  hangMs: number;
}

export const defaultSwitches: Switches = {
  latencyMs: 0,
  failureRate: 0,
  applyThenTimeout: 0,
  hangMs: 0,
};

export interface InventoryItem {
  item_id: string;
  name: string;
  count: number;
}

export interface GrantRecord {
  result: GatewayDeliverResult;
  request: GatewayDeliverRequest;
  /** How many times the items were added to the inventory: always 1 when the game is correct. */
  applied: number;
  /** How many deliver calls arrived for this delivery id (retries included). */
  requests: number;
}

export interface TakebackRecord {
  result: GatewayTakebackResult;
  request: GatewayTakebackRequest;
  /** How many times items were removed for this delivery id: always 1 when the game is correct. */
  applied: number;
  /** How many takeback calls arrived for this delivery id (retries included). */
  requests: number;
}

export class DemoGameError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'DemoGameError';
  }
}

const SERVERS: GatewayServer[] = [
  { server_id: 1, server_name: 'Dawn', state: 0 },
  { server_id: 2, server_name: 'Tide', state: 0 },
  { server_id: 3, server_name: 'Ember', state: 1 },
];

/** The demo account's roles: two on Dawn, one on Ember, none on Tide (docs/product/top-up.md#before-paying empty server). */
const DEMO_ROLES: Record<number, GatewayRole[]> = {
  1: [
    { role_id: 'r-1-1', role_name: 'Aria', level: 42 },
    { role_id: 'r-1-2', role_name: 'Bran', level: 17 },
  ],
  3: [{ role_id: 'r-1-3', role_name: 'Cael', level: 30 }],
};

export class DemoGameState {
  readonly gameId: number;
  switches: Switches;
  private readonly servers = new Map<number, GatewayServer>();
  /** Roles added at runtime (admin API), per `${uid}:${serverId}`. */
  private readonly extraRoles = new Map<string, GatewayRole[]>();
  /** Inventory per `${uid}:${serverId}:${roleId}`: item id -> item. */
  private readonly inventories = new Map<string, Map<string, InventoryItem>>();
  private readonly grants = new Map<string, GrantRecord>();
  private readonly takebacks = new Map<string, TakebackRecord>();
  /** Players with a non-numeric id, added at runtime: uid -> display name. */
  private readonly players = new Map<string, string>();
  /** Sign-in accounts of the game (verifyCredentials): account name -> player. */
  private readonly credentials = new Map<string, CredentialPlayer>();

  constructor(gameId: number, switches: Partial<Switches> = {}) {
    this.gameId = gameId;
    this.switches = { ...defaultSwitches, ...switches };
    for (const s of SERVERS) this.servers.set(s.server_id, { ...s });
    for (const [account, player] of Object.entries(DEMO_CREDENTIAL_PLAYERS))
      this.addCredentials(account, player);
  }

  /** A game sign-in account (and its player, so validate and roles know the uid). */
  addCredentials(account: string, player: CredentialPlayer): void {
    this.credentials.set(account, { ...player });
    this.players.set(player.uid, player.display_name);
  }

  /** Changes the password of a game sign-in account (the player changed it in the game). */
  setPassword(account: string, password: string): void {
    const player = this.credentials.get(account);
    if (player === undefined) throw new DemoGameError(404, 'not_found', `no account ${account}`);
    player.password = password;
  }

  /** The `verifyCredentials` call: the game's own account name and password. */
  verifyCredentials(req: GatewayVerifyCredentialsRequest): GatewayVerifyCredentialsResponse {
    const player = this.credentials.get(req.account);
    if (player === undefined) return { ok: false, failure: 'unknown_account' };
    if (player.password !== req.password) return { ok: false, failure: 'wrong_password' };
    return {
      ok: true,
      uid: player.uid,
      display_name: player.display_name,
      ...(player.email === undefined ? {} : { email: player.email }),
      ...(player.phone === undefined ? {} : { phone: player.phone }),
    };
  }

  listServers(): GatewayServer[] {
    return [...this.servers.values()].map((s) => ({ ...s }));
  }

  server(serverId: number): GatewayServer {
    const server = this.servers.get(serverId);
    if (!server) throw new DemoGameError(404, 'unknown_server', `no server ${serverId}`);
    return server;
  }

  setServerState(serverId: number, state: 0 | 1): GatewayServer {
    const server = this.server(serverId);
    server.state = state;
    return { ...server };
  }

  /**
   * The player `uid`, or undefined when the game does not know it. Every positive integer is a
   * player (the portal's own game accounts are numbered); other ids exist once added
   * (addPlayer, POST /_demo/players), like players a game registers before the Publisher API binds them.
   */
  player(uid: GatewayUid): { display_name: string } | undefined {
    if (typeof uid === 'number')
      return { display_name: uid === DEMO_UID ? 'Demo' : `Player${uid}` };
    if (/^[1-9]\d{0,15}$/.test(uid)) return { display_name: `Player${uid}` };
    const name = this.players.get(uid);
    return name === undefined ? undefined : { display_name: name };
  }

  addPlayer(uid: string, displayName: string): { uid: string; display_name: string } {
    this.players.set(uid, displayName);
    return { uid, display_name: displayName };
  }

  /** The `validate` call: the player exists, and the server too when one is asked. */
  validate(req: GatewayValidateRequest): GatewayValidateResponse {
    const player = this.player(req.uid);
    const serverKnown = req.server_id === undefined || this.servers.has(req.server_id);
    return player !== undefined && serverKnown
      ? { exists: true, display_name: player.display_name }
      : { exists: false, display_name: null };
  }

  /** uid 1 has fixed roles; any other known player has one generated role on Dawn; plus added roles. */
  listRoles(uid: GatewayUid, serverId: number): GatewayRole[] {
    this.server(serverId);
    const base =
      String(uid) === String(DEMO_UID)
        ? (DEMO_ROLES[serverId] ?? [])
        : this.player(uid) === undefined
          ? []
          : serverId === 1
            ? [{ role_id: `r-${uid}-1`, role_name: `Hero${uid}`, level: 1 }]
            : [];
    const extra = this.extraRoles.get(`${uid}:${serverId}`) ?? [];
    return [...base, ...extra].map((r) => ({ ...r }));
  }

  addRole(uid: GatewayUid, serverId: number, role: GatewayRole): GatewayRole {
    if (this.listRoles(uid, serverId).some((r) => r.role_id === role.role_id)) {
      throw new DemoGameError(409, 'duplicate_role', `role ${role.role_id} exists`);
    }
    const key = `${uid}:${serverId}`;
    this.extraRoles.set(key, [...(this.extraRoles.get(key) ?? []), { ...role }]);
    return { ...role };
  }

  /** Idempotent on delivery_id: a repeat returns the first result with duplicate true. */
  deliver(req: GatewayDeliverRequest, nowSeconds: number): GatewayDeliverResult {
    const previous = this.grants.get(req.delivery_id);
    if (previous) {
      previous.requests += 1;
      return { ...previous.result, duplicate: true };
    }
    const server = this.server(req.server_id);
    if (server.state !== 0) {
      throw new DemoGameError(503, 'unavailable', `server ${server.server_name} is in maintenance`);
    }
    if (!this.listRoles(req.uid, req.server_id).some((r) => r.role_id === req.role_id)) {
      throw new DemoGameError(404, 'unknown_role', `no role ${req.role_id} for uid ${req.uid}`);
    }
    const key = `${req.uid}:${req.server_id}:${req.role_id}`;
    const inventory = this.inventories.get(key) ?? new Map<string, InventoryItem>();
    for (const item of req.items) {
      const held = inventory.get(item.item_id);
      inventory.set(item.item_id, {
        item_id: item.item_id,
        name: item.name,
        count: (held?.count ?? 0) + item.count,
      });
    }
    this.inventories.set(key, inventory);
    const result: GatewayDeliverResult = {
      delivery_id: req.delivery_id,
      status: 'applied',
      applied_at: nowSeconds,
      duplicate: false,
    };
    this.grants.set(req.delivery_id, { result, request: req, applied: 1, requests: 1 });
    return { ...result };
  }

  /**
   * Reverses a delivery after a refund; idempotent on delivery_id (a repeat returns the first
   * result with duplicate true). Removes what that delivery granted from the role it went to,
   * never below zero; what the role no longer had is answered as `shortfall`. A delivery id the
   * game never applied -> 404 not_found (nothing to take back).
   */
  takeback(req: GatewayTakebackRequest, nowSeconds: number): GatewayTakebackResult {
    const previous = this.takebacks.get(req.delivery_id);
    if (previous) {
      previous.requests += 1;
      return { ...previous.result, duplicate: true };
    }
    const grant = this.grants.get(req.delivery_id);
    if (!grant) throw new DemoGameError(404, 'not_found', `no delivery ${req.delivery_id}`);
    const server = this.server(grant.request.server_id);
    if (server.state !== 0) {
      throw new DemoGameError(503, 'unavailable', `server ${server.server_name} is in maintenance`);
    }
    const { uid, server_id: serverId, role_id: roleId } = grant.request;
    const key = `${uid}:${serverId}:${roleId}`;
    const inventory = this.inventories.get(key) ?? new Map<string, InventoryItem>();
    const shortfall: InventoryItem[] = [];
    for (const item of grant.request.items) {
      const held = inventory.get(item.item_id);
      const have = held?.count ?? 0;
      const take = Math.min(have, item.count);
      if (held) held.count = have - take;
      if (take < item.count) {
        shortfall.push({ item_id: item.item_id, name: item.name, count: item.count - take });
      }
    }
    this.inventories.set(key, inventory);
    const result: GatewayTakebackResult = {
      delivery_id: req.delivery_id,
      status: 'taken_back',
      taken_back_at: nowSeconds,
      duplicate: false,
      ...(shortfall.length > 0 ? { shortfall } : {}),
    };
    this.takebacks.set(req.delivery_id, { result, request: req, applied: 1, requests: 1 });
    return { ...result };
  }

  takebackRecord(deliveryId: string): TakebackRecord | undefined {
    return this.takebacks.get(deliveryId);
  }

  /** Takes items away from a role (admin API: "the player used them up"). */
  consume(uid: GatewayUid, serverId: number, roleId: string, itemId: string, count: number): void {
    const held = this.inventories.get(`${uid}:${serverId}:${roleId}`)?.get(itemId);
    if (held) held.count = Math.max(0, held.count - count);
  }

  inventory(uid: GatewayUid, serverId: number, roleId: string): InventoryItem[] {
    const items = this.inventories.get(`${uid}:${serverId}:${roleId}`);
    return items ? [...items.values()].map((i) => ({ ...i })) : [];
  }

  /** Per delivery id: times applied and times requested; per order id: distinct deliveries. */
  grantCounts(): {
    deliveries: Record<string, { applied: number; requests: number; order_id: string }>;
    orders: Record<string, number>;
  } {
    const deliveries: Record<string, { applied: number; requests: number; order_id: string }> = {};
    const orders: Record<string, number> = {};
    for (const [id, g] of this.grants) {
      deliveries[id] = { applied: g.applied, requests: g.requests, order_id: g.request.order_id };
      orders[g.request.order_id] = (orders[g.request.order_id] ?? 0) + g.applied;
    }
    return { deliveries, orders };
  }

  grant(deliveryId: string): GrantRecord | undefined {
    return this.grants.get(deliveryId);
  }

  /** Back to the initial world (switches kept unless given). */
  reset(switches?: Partial<Switches>): void {
    this.servers.clear();
    for (const s of SERVERS) this.servers.set(s.server_id, { ...s });
    this.extraRoles.clear();
    this.inventories.clear();
    this.grants.clear();
    this.takebacks.clear();
    if (switches) this.switches = { ...defaultSwitches, ...switches };
  }
}
