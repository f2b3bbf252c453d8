// Rate limits shared by every server process through PostgreSQL.
//
// Windows are fixed and aligned (window start = floor(now / window) * window),
// so every process agrees on them without coordination. A process does not
// write every request to the database: it leases a batch of units from the
// window's row in one atomic UPDATE and spends them locally. A lease is at
// most 1% of the limit (at least 1), so across N processes the accepted count
// never exceeds the limit, and falls short of it by at most N leases' unspent
// units; `Remaining` may lag other processes' spending by one lease each.
// Most requests spend one unit; a GraphQL query spends its cost in points
// (server/graphql/rate-limit-meter.ts), leased as one batch when it exceeds
// what the process holds.
import type { Sql } from '../db/database.js';

export type RateResource = 'core' | 'graphql' | 'oauth' | 'login' | 'git' | 'search';

export interface RateState {
  limit: number;
  remaining: number;
  used: number;
  reset: number; // Unix seconds
  resource: RateResource;
}

export interface RateDecision {
  allowed: boolean;
  state: RateState;
}

interface Lease {
  windowStart: number;
  /** Units granted to this process and not yet spent. */
  unspent: number;
  /** The window's used count in the database right after our last lease. */
  dbUsed: number;
  /** The database had nothing left to grant: deny until the window ends. */
  exhausted: boolean;
}

export class RateLimiter {
  /**
   * Leases by resource, then bucket: no key is joined per request, and the
   * bucket string (memoised per principal, principal.ts) keeps its hash.
   */
  private readonly leases: Record<RateResource, Map<string, Lease>> = {
    core: new Map(),
    graphql: new Map(),
    oauth: new Map(),
    login: new Map(),
    git: new Map(),
    search: new Map(),
  };
  private readonly pending = new Map<string, Promise<void>>();

  constructor(
    private readonly sql: Sql,
    private readonly windowSeconds: number,
    private readonly now: () => number = Date.now,
    /** Resources with a window of their own (GitHub's `search`: a minute), else windowSeconds. */
    private readonly windows: Partial<Record<RateResource, number>> = {},
  ) {}

  /** The window length of a resource, in seconds. */
  windowOf(resource: RateResource): number {
    return this.windows[resource] ?? this.windowSeconds;
  }

  private windowStart(resource: RateResource): number {
    const seconds = this.windowOf(resource);
    return Math.floor(this.now() / 1000 / seconds) * seconds;
  }

  leaseSize(limit: number): number {
    return Math.max(1, Math.floor(limit / 100));
  }

  /**
   * Spends `units` (one by default) from this process's current lease without
   * waiting: the decision, or undefined when a new lease is needed (then call
   * take). Kept synchronous because it is on every request. A request that
   * needs more than is left is refused whole and spends nothing.
   */
  tryTake(bucket: string, resource: RateResource, limit: number, units = 1): RateDecision | undefined {
    const windowStart = this.windowStart(resource);
    const lease = this.leases[resource].get(bucket);
    if (!lease || lease.windowStart !== windowStart) return undefined;
    if (lease.unspent >= units) {
      lease.unspent -= units;
      return { allowed: true, state: this.state(lease, limit, resource) };
    }
    return lease.exhausted ? { allowed: false, state: this.state(lease, limit, resource) } : undefined;
  }

  async take(bucket: string, resource: RateResource, limit: number, units = 1): Promise<RateDecision> {
    const key = `${resource}|${bucket}`;
    for (;;) {
      const decision = this.tryTake(bucket, resource, limit, units);
      if (decision) return decision;
      // One lease request per key at a time; concurrent requests wait for it.
      const windowStart = this.windowStart(resource);
      let inFlight = this.pending.get(key);
      if (!inFlight) {
        inFlight = this.acquire(bucket, resource, windowStart, limit, units).finally(() => this.pending.delete(key));
        this.pending.set(key, inFlight);
      }
      await inFlight;
    }
  }

  /** Gives back units (a 304 does not count against the limit). */
  refund(bucket: string, resource: RateResource, units = 1): void {
    const lease = this.leases[resource].get(bucket);
    if (lease) {
      lease.unspent += units;
      lease.exhausted = false;
    }
  }

  /** Current state without spending (for responses that are not counted). */
  peek(bucket: string, resource: RateResource, limit: number): RateState {
    const windowStart = this.windowStart(resource);
    const lease = this.leases[resource].get(bucket);
    if (lease && lease.windowStart === windowStart) return this.state(lease, limit, resource);
    return { limit, remaining: limit, used: 0, reset: windowStart + this.windowOf(resource), resource };
  }

  /**
   * Current state without spending, for GET /rate_limit: this process's lease
   * when it has one (as `peek`), else the window's row in the database, so a
   * process that has not served this caller yet still reports what others spent.
   */
  async current(bucket: string, resource: RateResource, limit: number): Promise<RateState> {
    const windowStart = this.windowStart(resource);
    const lease = this.leases[resource].get(bucket);
    if (lease && lease.windowStart === windowStart) return this.state(lease, limit, resource);
    const [row] = await this.sql<{ used: number }[]>`
      SELECT used FROM rate_limit_windows WHERE bucket = ${bucket} AND resource = ${resource} AND window_start = ${windowStart}`;
    const used = Math.max(0, Math.min(limit, row?.used ?? 0));
    return { limit, used, remaining: limit - used, reset: windowStart + this.windowOf(resource), resource };
  }

  /**
   * Leases at least what a request of `units` lacks (a whole lease when that
   * is more), adding to what this process still holds in the window.
   */
  private async acquire(bucket: string, resource: RateResource, windowStart: number, limit: number, units: number) {
    const leases = this.leases[resource];
    const held = leases.get(bucket);
    const kept = held && held.windowStart === windowStart ? held.unspent : 0;
    const size = Math.max(this.leaseSize(limit), units - kept);
    // Always add the full lease and compute what was actually granted from the
    // previous value, so one statement both reserves and reports.
    const [row] = await this.sql<{ used: number }[]>`
      INSERT INTO rate_limit_windows AS w (bucket, resource, window_start, used)
      VALUES (${bucket}, ${resource}, ${windowStart}, ${size})
      ON CONFLICT (bucket, resource, window_start) DO UPDATE SET used = w.used + ${size}
      RETURNING used`;
    const after = row!.used;
    const before = after - size;
    const granted = Math.max(0, Math.min(size, limit - before));
    const lease: Lease = {
      windowStart,
      unspent: kept + granted,
      dbUsed: Math.min(after, limit),
      // Granted short: the window has nothing more to give.
      exhausted: granted < size,
    };
    leases.set(bucket, lease);
    if (leases.size > 100_000) this.sweep(leases, windowStart);
  }

  /** Deletes windows that have ended; any process may run it, any number of times. */
  async prune(): Promise<number> {
    const own = Object.keys(this.windows) as RateResource[];
    const common = Math.floor(this.now() / 1000 / this.windowSeconds) * this.windowSeconds;
    // A resource with a window of its own is pruned against that window, the rest against the common one.
    let condition = this.sql`(window_start < ${common} AND NOT (resource = ANY(${own})))`;
    for (const resource of own)
      condition = this.sql`${condition} OR (resource = ${resource} AND window_start < ${this.windowStart(resource)})`;
    const deleted = await this.sql`DELETE FROM rate_limit_windows WHERE ${condition}`;
    return deleted.count;
  }

  private state(lease: Lease, limit: number, resource: RateResource): RateState {
    const used = Math.max(0, Math.min(limit, lease.dbUsed - lease.unspent));
    return { limit, used, remaining: limit - used, reset: lease.windowStart + this.windowOf(resource), resource };
  }

  private sweep(leases: Map<string, Lease>, currentWindow: number) {
    for (const [key, lease] of leases) if (lease.windowStart !== currentWindow) leases.delete(key);
  }
}
