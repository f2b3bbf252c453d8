// On an empty database the first `serve` or admin command creates the site
// admin `admin` and prints its personal token once, to stderr. An advisory
// lock makes two processes starting together create it only once.
import { insertToken } from '../auth/token-store.js';
import { lockFor } from '../db/advisory-locks.js';
import type { Sql } from '../db/database.js';

export const ADMIN_SCOPES = ['repo', 'delete_repo', 'admin:repo_hook', 'user', 'gist'];

/** Returns the new admin token when one was created, else null. */
export async function bootstrapAdmin(sql: Sql): Promise<string | null> {
  // Any account means the admin exists: checked first without the lock, in
  // one round trip, as every command but the very first finds.
  if ((await sql`SELECT 1 FROM accounts LIMIT 1`).length) return null;
  return sql.begin(async (tx) => {
    await lockFor(tx, 'bootstrapAdmin', 0);
    const [existing] = await tx`SELECT 1 FROM accounts LIMIT 1`;
    if (existing) return null;
    const [admin] = await tx<{ id: number }[]>`
      INSERT INTO accounts (login, kind, site_admin) VALUES ('admin', 'User', true) RETURNING id`;
    const { token } = await insertToken(tx, {
      userId: admin!.id,
      kind: 'personal',
      scopes: ADMIN_SCOPES,
      note: 'bootstrap token',
    });
    return token;
  });
}

export function announceAdminToken(token: string, write: (s: string) => void = (s) => process.stderr.write(s)): void {
  write(`wharf: created site admin "admin". Its personal token is shown this once:\n${token}\n`);
}
