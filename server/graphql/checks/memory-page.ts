// A page of a list already in memory (a commit's suites, a suite's runs, a
// rollup's contexts: a few per commit), with the connection arguments
// checked as every database-backed connection checks them (connection.ts):
// GitHub's errors for a bad `first`/`last` or cursor, the same cursors.
import { connection, twoWayWindow } from '../connection.js';

export interface PageArgs { first?: number | null; after?: string | null; last?: number | null; before?: string | null }

export function memoryPage<T>(items: readonly T[], args: PageArgs, name: string) {
  const window = twoWayWindow(args, name);
  const start = window.fromEnd ? Math.max(0, items.length - window.first) : Math.min(window.offset, items.length);
  return connection(items.slice(start, start + window.first), items.length, { first: window.first, offset: start });
}
