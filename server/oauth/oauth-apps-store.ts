// OAuth apps: registered by the admin CLI, identified by a public client id,
// authenticated by a client secret of which only the SHA-256 digest is kept.
import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Sql } from '../db/database.js';
import { canMatchText } from '../db/text-values.js';

export interface OAuthAppRow {
  id: number;
  owner_id: number;
  name: string;
  client_id: string;
  client_secret_digest: Buffer;
  callback_url: string | null;
  device_flow_enabled: boolean;
  created_at: Date;
}

const secretDigest = (secret: string) => hash('sha256', secret, 'buffer');

/** GitHub's OAuth app client ids look like `Ov23li` + 14 characters. */
function newClientId(): string {
  return `Ov23li${randomBytes(10).toString('base64url').replace(/[-_]/g, '').slice(0, 14).padEnd(14, '0')}`;
}

export async function createOAuthApp(
  sql: Sql,
  ownerId: number,
  name: string,
  options: { callbackUrl?: string; deviceFlow?: boolean } = {},
): Promise<{ app: OAuthAppRow; clientSecret: string }> {
  const clientSecret = randomBytes(20).toString('hex');
  const [app] = await sql<OAuthAppRow[]>`
    INSERT INTO oauth_apps (owner_id, name, client_id, client_secret_digest, callback_url, device_flow_enabled)
    VALUES (${ownerId}, ${name}, ${newClientId()}, ${secretDigest(clientSecret)}, ${options.callbackUrl ?? null}, ${options.deviceFlow ?? false})
    RETURNING *`;
  return { app: app!, clientSecret };
}

export async function oauthAppByClientId(sql: Sql, clientId: string): Promise<OAuthAppRow | null> {
  if (!canMatchText(clientId)) return null;
  const [app] = await sql<OAuthAppRow[]>`SELECT * FROM oauth_apps WHERE client_id = ${clientId}`;
  return app ?? null;
}

/** Constant-time comparison of digests (both 32 bytes). */
export function clientSecretMatches(app: OAuthAppRow, secret: string | undefined): boolean {
  if (secret === undefined) return false;
  return timingSafeEqual(app.client_secret_digest, secretDigest(secret));
}

/** The apps an account owns, as the settings page lists them (never the secret's digest). */
export function oauthAppsOwnedBy(
  sql: Sql,
  ownerId: number,
): Promise<Pick<OAuthAppRow, 'id' | 'name' | 'client_id' | 'callback_url' | 'device_flow_enabled'>[]> {
  return sql`SELECT id, name, client_id, callback_url, device_flow_enabled FROM oauth_apps WHERE owner_id = ${ownerId} ORDER BY id`;
}
