// Reading the generations of issue-list-cache.ts: the repository's and the
// global one (repository_id 0, migration 018). Under load many requests want
// them at once, so reads are batched: while one statement is out, the
// requests that arrive wait and then share the next one. A request never
// joins a statement sent before it arrived (one that may not see a change
// committed just before), so every request still sees every change committed
// before it, at one statement for many requests instead of one each.
import type { Sql } from '../db/database.js';

interface Waiter {
  resolve(generations: string): void;
  reject(error: unknown): void;
}

export class GenerationReader {
  private waiting = new Map<number, Waiter[]>();
  private busy = false;

  constructor(private readonly sql: Sql) {}

  /** "<repository's>/<global>", each "" while never bumped; from a statement sent after this call. */
  read(repositoryId: number): Promise<string> {
    return new Promise((resolve, reject) => {
      const list = this.waiting.get(repositoryId);
      if (list) list.push({ resolve, reject });
      else this.waiting.set(repositoryId, [{ resolve, reject }]);
      if (!this.busy) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.busy = true;
    try {
      while (this.waiting.size > 0) {
        const batch = this.waiting;
        this.waiting = new Map();
        try {
          const rows = await this.sql<{ repository_id: number; generation: string }[]>`
            SELECT repository_id, generation::text AS generation FROM issue_list_generations
            WHERE repository_id = ANY(${[0, ...batch.keys()]})`;
          const of = new Map(rows.map((row) => [row.repository_id, row.generation]));
          const global = of.get(0) ?? '';
          for (const [id, waiters] of batch) for (const w of waiters) w.resolve(`${of.get(id) ?? ''}/${global}`);
        } catch (error) {
          for (const waiters of batch.values()) for (const w of waiters) w.reject(error);
        }
      }
    } finally {
      this.busy = false;
    }
  }
}
