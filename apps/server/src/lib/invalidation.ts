// The cross-node invalidation bus (ADR 0046): a node that changes what other nodes keep in memory
// (the catalogue, the games, the servers, the game gateways) publishes a topic, and every node's
// subscribers of that topic drop their caches. On PostgreSQL the topic travels as a NOTIFY on the
// channel `hc_invalidation`, and each node LISTENs on one dedicated connection outside the pool;
// on PGlite (one process, one node) it stays in-process.
//
// publish(topic) runs this node's subscribers at once, then notifies the others; call it after
// the change has committed. A node whose listening connection drops reconnects with a growing
// delay and then runs every subscriber (notifications sent meanwhile were missed).
//
// A topic may also be notified from SQL inside a transaction (`pg_notify('hc_invalidation',
// topic)`), so that it reaches the nodes exactly when that transaction commits: a job enqueued
// wakes the workers with the topic `jobs` (ADR 0057). On PGlite such notifications arrive on its
// one session (`Database.onNotification`), which the bus then LISTENs on as well.
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Database } from '../db/database';
import { createInvalidationRepository, INVALIDATION_CHANNEL } from './invalidation.repository';

/** Topics are short names: `catalog`, `games`, `servers`, `gateways`. */
export const INVALIDATION_TOPIC = /^[a-z][a-z0-9._-]{0,62}$/;

/** The topics the portal publishes; others may be added by name. */
export type InvalidationTopic = 'catalog' | 'games' | 'servers' | 'gateways' | (string & {});

export interface InvalidationBus {
  /** Runs this node's subscribers of `topic`, then tells every other node. */
  publish(topic: InvalidationTopic): Promise<void>;
  /** Calls `fn` whenever `topic` is published on any node; answers the unsubscribe function. */
  subscribe(topic: InvalidationTopic, fn: () => void): () => void;
  /** Resolves once the node is listening (PostgreSQL; PGlite's session); for tests and start-up. */
  ready(): Promise<void>;
  /** Stops listening and ends the dedicated connection. */
  close(): Promise<void>;
}

export interface InvalidationOptions {
  database: Database;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** First reconnect delay after the listening connection dropped (doubles up to 30 s). */
  reconnectMs?: number;
}

/**
 * Buses of one process over one PGlite database (tests build several apps on one): a publish
 * reaches them all, as a NOTIFY reaches every node on PostgreSQL.
 */
const pgliteBuses = new WeakMap<object, Set<(topic: string) => void>>();

export function createInvalidationBus(options: InvalidationOptions): InvalidationBus {
  const { database, log } = options;
  const subscribers = new Map<string, Set<() => void>>();
  const repo = createInvalidationRepository(database.db);
  const connect = database.dedicatedClient;
  let closed = false;
  let client: pg.Client | undefined;
  let listening: Promise<void> | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryMs = options.reconnectMs ?? 500;
  /** PGlite: stops taking the session's notifications. */
  let stopSession: (() => void) | undefined;

  function run(topic: string): void {
    for (const fn of subscribers.get(topic) ?? []) {
      try {
        fn();
      } catch (err) {
        log?.error({ err, topic }, 'invalidation subscriber failed');
      }
    }
  }

  let peers: Set<(topic: string) => void> | undefined;
  if (database.dedicatedClient === undefined) {
    peers = pgliteBuses.get(database.db);
    if (peers === undefined) pgliteBuses.set(database.db, (peers = new Set()));
    peers.add(run);
  }

  function runAll(): void {
    for (const topic of subscribers.keys()) run(topic);
  }

  function scheduleReconnect(): void {
    if (closed || retryTimer !== undefined) return;
    const delay = retryMs;
    retryMs = Math.min(retryMs * 2, 30_000);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      listening = startListening(true);
      listening.catch(() => undefined);
    }, delay);
    retryTimer.unref();
  }

  /** PGlite: topics notified from SQL arrive on its one session (no reconnect: no connection). */
  async function listenInSession(): Promise<void> {
    const on = database.onNotification;
    if (on === undefined || closed) return;
    stopSession = on((channel, payload) => {
      if (channel === INVALIDATION_CHANNEL && payload !== '') run(payload);
    });
    await repo.listenInSession();
  }

  async function startListening(reconnect: boolean): Promise<void> {
    if (closed) return;
    if (connect === undefined) return listenInSession();
    const c = connect();
    client = c;
    c.on('notification', (msg) => {
      if (msg.channel === INVALIDATION_CHANNEL && msg.payload !== undefined) run(msg.payload);
    });
    const lost = (err?: Error) => {
      if (client !== c || closed) return;
      client = undefined;
      log?.warn({ err }, 'invalidation bus connection lost; reconnecting');
      c.end().catch(() => undefined);
      scheduleReconnect();
    };
    c.on('error', lost);
    c.on('end', () => lost());
    try {
      await c.connect();
      await repo.listen(c);
    } catch (err) {
      if (client === c) client = undefined;
      await c.end().catch(() => undefined);
      log?.warn({ err }, 'invalidation bus could not listen; retrying');
      scheduleReconnect();
      throw err;
    }
    retryMs = options.reconnectMs ?? 500;
    // Whatever was published while this node was not listening is unknown: drop everything.
    if (reconnect) runAll();
  }

  function ensureListening(): Promise<void> {
    listening ??= startListening(false);
    return listening;
  }

  return {
    async publish(topic) {
      if (!INVALIDATION_TOPIC.test(topic)) throw new Error(`bad invalidation topic ${topic}`);
      if (peers !== undefined) for (const peer of [...peers]) peer(topic);
      else run(topic);
      if (connect !== undefined && !closed) await repo.notify(topic);
    },

    subscribe(topic, fn) {
      if (!INVALIDATION_TOPIC.test(topic)) throw new Error(`bad invalidation topic ${topic}`);
      let set = subscribers.get(topic);
      if (set === undefined) subscribers.set(topic, (set = new Set()));
      set.add(fn);
      ensureListening().catch(() => undefined);
      return () => void set.delete(fn);
    },

    async ready() {
      if (connect === undefined && database.onNotification === undefined) return;
      await ensureListening();
    },

    async close() {
      closed = true;
      peers?.delete(run);
      stopSession?.();
      if (retryTimer !== undefined) clearTimeout(retryTimer);
      const c = client;
      client = undefined;
      subscribers.clear();
      if (c !== undefined) await c.end().catch(() => undefined);
    },
  };
}
