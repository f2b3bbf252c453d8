// Signed archive download URLs. A tarball/zipball request (with the caller's
// token and permission checks) answers 302 to a URL that needs no token:
// fetch, curl and go-github drop `Authorization` when they follow a redirect.
// The URL carries an HMAC-SHA256, keyed by a server secret, over exactly what
// it grants (repository id, resolved commit sha, format, expiry), so it opens
// that one archive for 5 minutes and nothing else. The secret is made on
// first use and kept in the database (server_secrets, migration 011), so
// every server process signs and checks with the same key.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Sql } from '../db/database.js';

export type ArchiveFormat = 'tarball' | 'zipball';

/** How long a download URL stays valid: GitHub's "five minutes". */
export const ARCHIVE_URL_TTL_S = 300;

const SECRET_NAME = 'archive-url-hmac';

export interface ArchiveGrant {
  repositoryId: number;
  sha: string;
  format: ArchiveFormat;
  /** Unix seconds. */
  expires: number;
}

export class ArchiveSigner {
  private key: Promise<Buffer> | undefined;

  constructor(private readonly sql: Sql, private readonly now: () => number) {}

  /** The key, created by whichever process asks first (the insert that loses the race reads the winner's). */
  private secret(): Promise<Buffer> {
    this.key ??= (async () => {
      await this.sql`INSERT INTO server_secrets (name, value) VALUES (${SECRET_NAME}, ${randomBytes(32)}) ON CONFLICT (name) DO NOTHING`;
      const [row] = await this.sql<{ value: Buffer }[]>`SELECT value FROM server_secrets WHERE name = ${SECRET_NAME}`;
      return row!.value;
    })().catch((error: unknown) => {
      this.key = undefined; // a database outage is not remembered
      throw error;
    });
    return this.key;
  }

  private async mac(grant: ArchiveGrant): Promise<Buffer> {
    const message = `wharf-archive\n${grant.repositoryId}\n${grant.sha}\n${grant.format}\n${grant.expires}`;
    return createHmac('sha256', await this.secret()).update(message).digest();
  }

  /** A grant for `sha` valid from now for ARCHIVE_URL_TTL_S, and its signature (base64url). */
  async sign(repositoryId: number, sha: string, format: ArchiveFormat): Promise<{ grant: ArchiveGrant; signature: string }> {
    const grant = { repositoryId, sha, format, expires: Math.floor(this.now() / 1000) + ARCHIVE_URL_TTL_S };
    return { grant, signature: (await this.mac(grant)).toString('base64url') };
  }

  /** True when `signature` is this server's for `grant` and the grant has not expired; compared in constant time. */
  async verify(grant: ArchiveGrant, signature: string): Promise<boolean> {
    if (grant.expires * 1000 < this.now()) return false;
    const given = Buffer.from(signature, 'base64url');
    const expected = await this.mac(grant);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
