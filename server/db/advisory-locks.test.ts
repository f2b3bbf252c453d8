// lockFor against a real PostgreSQL: a lock excludes the same kind and id
// until its transaction ends, and nothing else; the ref-sync lock is the
// very key the server took before the helper (so old and new processes
// still exclude each other); ids beyond int4 wrap instead of failing.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, dropTestDatabase } from '../test-support/test-server.js';
import { LOCK_KINDS, lockFor, lockKey } from './advisory-locks.js';
import { connect, type Sql } from './database.js';

let url: string;
let sql: Sql;
let other: Sql;

beforeAll(async () => {
  url = await createTestDatabase();
  sql = connect(url, { max: 1 });
  other = connect(url, { max: 1 });
});
afterAll(async () => {
  await sql.end();
  await other.end();
  await dropTestDatabase(url);
});

/** Whether another session could take the two-key lock now (it lets go at once). */
const free = async (first: number, second: number) =>
  (
    await other.begin(
      (tx) => tx<{ ok: boolean }[]>`SELECT pg_try_advisory_xact_lock(${first}::int, ${second}::int) AS ok`,
    )
  )[0]!.ok;

it('holds kind/id until the transaction ends, and only that pair', async () => {
  await sql.begin(async (tx) => {
    await lockFor(tx, 'refSync', 42);
    // The key ref-sync.ts took before the helper: ("WHRF", repository id).
    expect(await free(0x57_48_52_46, 42)).toBe(false);
    expect(await free(LOCK_KINDS.refSync, 43)).toBe(true);
    expect(await free(LOCK_KINDS.pulls, 42)).toBe(true);
    expect(await free(LOCK_KINDS.fork, 42)).toBe(true);
  });
  expect(await free(LOCK_KINDS.refSync, 42)).toBe(true);
});

it('takes ids beyond int4 (wrapped), and the kinds are distinct', async () => {
  expect(lockKey(7)).toBe(7);
  expect(lockKey(2 ** 32 + 5)).toBe(5);
  expect(lockKey(2 ** 31)).toBe(-(2 ** 31));
  await sql.begin(async (tx) => {
    await lockFor(tx, 'pulls', 2 ** 32 + 5);
    expect(await free(LOCK_KINDS.pulls, 5)).toBe(false);
  });
  const codes = Object.values(LOCK_KINDS);
  expect(new Set(codes).size).toBe(codes.length);
  expect(codes.every((code) => code === (code | 0))).toBe(true);
});
