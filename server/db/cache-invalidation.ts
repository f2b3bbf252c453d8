// Cross-process cache invalidation over LISTEN/NOTIFY.
//
// A change publishes its topic with pg_notify inside its own transaction, so
// the notice goes out exactly when the change commits, to every process; the
// process that made the change also applies it locally at once. Every process
// acknowledges each notice it has applied (channel wharf_ack), and registers
// itself in cache_listeners with a heartbeat, so a change that must be seen
// everywhere before it is answered (token revocation) can wait until every
// live process has dropped its cached copy. When a listening connection drops
// and comes back, notices may have been missed, so every cache is reset.
import { randomUUID } from 'node:crypto';
import type { Logger } from '../log.js';
import type { Sql, TransactionSql } from './database.js';

export const INVALIDATION_CHANNEL = 'wharf_invalidate';
export const ACK_CHANNEL = 'wharf_ack';
const HEARTBEAT_MS = 5_000;
/** A listener silent for this long is taken for dead and not waited for. */
const LIVE_WITHIN_S = 15;

/** `token:<id>`, `account:<id>`, `repo:<id>`, `app:<id>`, `installation:<id>`, or `*` for everything. */
export type Topic =
  | `token:${number}`
  | `account:${number}`
  | `repo:${number}`
  | `app:${number}`
  | `installation:${number}`
  | '*';

export type InvalidationListener = (topic: Topic) => void;

export interface Propagation {
  /** Resolves when every live process has applied the topic, or at the timeout; lists the ones that did not. */
  complete(timeoutMs?: number): Promise<{ ok: boolean; missing: string[] }>;
}

export interface InvalidationBus {
  readonly processId: string;
  subscribe(listener: InvalidationListener): void;
  /** Applies a committed change to this process's caches now, without waiting for its notice. */
  applyLocally(topic: Topic): void;
  /** Starts collecting acknowledgements for `topic`; call before committing the change. */
  expect(topic: Topic): Propagation;
  close(): Promise<void>;
}

export function publish(tx: TransactionSql | Sql, topic: Topic) {
  return tx`SELECT pg_notify(${INVALIDATION_CHANNEL}, ${topic})`;
}

/**
 * After the commit of a change that published `topics`: this process drops
 * its copies at once. Its own notice comes back only some milliseconds later,
 * and the caller's next request must already see the change.
 */
export function applyTopicsLocally(
  bus: Pick<InvalidationBus, 'applyLocally'> | undefined,
  topics: Iterable<Topic>,
): void {
  for (const topic of topics) bus?.applyLocally(topic);
}

export async function startInvalidationBus(sql: Sql, log: Logger): Promise<InvalidationBus> {
  const processId = randomUUID();
  const listeners: InvalidationListener[] = [];
  const collecting = new Map<string, Set<{ acked: Set<string>; check(): void }>>();
  const apply = (topic: Topic) => {
    for (const listener of listeners) listener(topic);
  };

  // An upsert, not an UPDATE: cache_listeners is unlogged, so a PostgreSQL
  // crash or immediate restart empties it and each process registers again.
  const register = () => sql`
    INSERT INTO cache_listeners (process_id) VALUES (${processId})
    ON CONFLICT (process_id) DO UPDATE SET seen_at = now()`;
  await register();
  const heartbeat = setInterval(() => {
    register().catch((error: unknown) => log.warn('cache listener heartbeat failed', { error: String(error) }));
  }, HEARTBEAT_MS);
  heartbeat.unref();

  let listenedBefore = false;
  const invalidations = await sql.listen(
    INVALIDATION_CHANNEL,
    (payload) => {
      apply(payload as Topic);
      sql`SELECT pg_notify(${ACK_CHANNEL}, ${`${processId} ${payload}`})`.catch((error: unknown) =>
        log.warn('could not acknowledge invalidation', { error: String(error) }),
      );
    },
    () => {
      // postgres.js re-listens by itself after the connection drops and calls
      // this each time: notices sent meanwhile are lost, so drop everything.
      log.debug('invalidation channel (re)connected: resetting caches');
      apply('*');
      if (listenedBefore) {
        log.info('invalidation channel reconnected: caches reset');
        register().catch((error: unknown) => log.warn('cache listener registration failed', { error: String(error) }));
      }
      listenedBefore = true;
    },
  );
  const acks = await sql.listen(ACK_CHANNEL, (payload) => {
    const space = payload.indexOf(' ');
    for (const waiter of collecting.get(payload.slice(space + 1)) ?? []) {
      waiter.acked.add(payload.slice(0, space));
      waiter.check();
    }
  });

  return {
    processId,
    subscribe: (listener) => void listeners.push(listener),
    applyLocally: apply,
    expect(topic) {
      const waiter = { acked: new Set<string>(), check: () => {} };
      const set = collecting.get(topic) ?? new Set();
      set.add(waiter);
      collecting.set(topic, set);
      return {
        async complete(timeoutMs = 3_000) {
          const live = (
            await sql<{ process_id: string }[]>`
            SELECT process_id FROM cache_listeners WHERE seen_at > now() - make_interval(secs => ${LIVE_WITHIN_S})`
          ).map((r) => r.process_id);
          const missing = () => live.filter((id) => !waiter.acked.has(id));
          const ok = await new Promise<boolean>((resolveDone) => {
            const timer = setTimeout(() => resolveDone(false), timeoutMs);
            waiter.check = () => {
              if (missing().length === 0) {
                clearTimeout(timer);
                resolveDone(true);
              }
            };
            waiter.check();
          });
          set.delete(waiter);
          if (set.size === 0) collecting.delete(topic);
          return { ok, missing: missing() };
        },
      };
    },
    async close() {
      clearInterval(heartbeat);
      // At shutdown the connection may already be gone; there is nothing left to undo then.
      await sql`DELETE FROM cache_listeners WHERE process_id = ${processId}`.catch(() => {});
      await invalidations.unlisten().catch(() => {});
      await acks.unlisten().catch(() => {});
    },
  };
}
