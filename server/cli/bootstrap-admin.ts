// On an empty database the first `serve` or admin command creates the site
// admin `admin` and prints its personal token once, to stderr. An advisory
// lock makes two processes starting together create it only once.
import { publish } from '../db/cache-invalidation.js';
import type { Sql } from '../db/database.js';
import { generateToken, tokenDigest } from '../auth/token-secret.js';

export const ADMIN_SCOPES = ['repo', 'delete_repo', 'admin:repo_hook', 'user'];

/** Returns the new admin token when one was created, else null. */
export async function bootstrapAdmin(sql: Sql): Promise<string | null> {
  return sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(${0x61646d6e})`;
    const [existing] = await tx`SELECT 1 FROM accounts LIMIT 1`;
    if (existing) return null;
    const [admin] = await tx<{ id: number }[]>`
      INSERT INTO accounts (login, kind, site_admin) VALUES ('admin', 'User', true) RETURNING id`;
    const token = generateToken('personal');
    const [row] = await tx<{ id: number }[]>`
      INSERT INTO tokens (user_id, kind, digest, scopes, note)
      VALUES (${admin!.id}, 'personal', ${tokenDigest(token)}, ${ADMIN_SCOPES}, 'bootstrap token')
      RETURNING id`;
    await publish(tx, `token:${row!.id}`);
    return token;
  });
}

export function announceAdminToken(token: string, write: (s: string) => void = (s) => process.stderr.write(s)): void {
  write(`wharf: created site admin "admin". Its personal token is shown this once:\n${token}\n`);
}
