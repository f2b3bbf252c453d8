// Signed URLs: links that need no token. A tarball/zipball request answers 302
// to one (fetch, curl and go-github drop `Authorization` when they follow a
// redirect), and a private repository's contents carry one as `download_url`.
// The URL carries an expiry and an HMAC-SHA256, keyed by a server secret, over
// exactly what it grants (what kind of link, the repository id, what in it,
// the expiry), so it opens that one thing for 5 minutes and nothing else. One
// key for every kind: the kind is the grant's first field. The secret is made
// on first use and kept in the database (server_secrets, migration 011), so
// every server process signs and checks with the same key.
import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Sql } from '../db/database.js';

/** How long a signed URL stays valid: GitHub's "five minutes". */
export const SIGNED_URL_TTL_S = 300;

// The name it was first made under, for the archive URLs; kept so stored keys stay in use.
const SECRET_NAME = 'archive-url-hmac';

/** What a URL grants: its kind first (`archive`, `raw`), then what it names. */
export type Grant = readonly [kind: string, ...fields: Array<string | number>];

export interface SignedGrant {
  /** Unix seconds. */
  expires: number;
  /** base64url. */
  signature: string;
}

export class UrlSigner {
  private key: Promise<Buffer> | undefined;

  constructor(
    private readonly sql: Sql,
    private readonly now: () => number,
  ) {}

  /** The key, created by whichever process asks first (the insert that loses the race reads the winner's). */
  private secret(): Promise<Buffer> {
    this.key ??= (async () => {
      await this
        .sql`INSERT INTO server_secrets (name, value) VALUES (${SECRET_NAME}, ${randomBytes(32)}) ON CONFLICT (name) DO NOTHING`;
      const [row] = await this.sql<{ value: Buffer }[]>`SELECT value FROM server_secrets WHERE name = ${SECRET_NAME}`;
      return row!.value;
    })().catch((error: unknown) => {
      this.key = undefined; // a database outage is not remembered
      throw error;
    });
    return this.key;
  }

  // JSON keeps the fields apart whatever they hold (a path may hold newlines).
  private async mac(grant: Grant, expires: number): Promise<Buffer> {
    return createHmac('sha256', await this.secret())
      .update(JSON.stringify(['wharf-signed-url', expires, ...grant]))
      .digest();
  }

  /** A signature of `grant` valid from now for SIGNED_URL_TTL_S. */
  async sign(grant: Grant): Promise<SignedGrant> {
    const expires = Math.floor(this.now() / 1000) + SIGNED_URL_TTL_S;
    return { expires, signature: (await this.mac(grant, expires)).toString('base64url') };
  }

  /** True when `signature` is this server's for `grant` until `expires` and that has not passed; compared in constant time. */
  async verify(grant: Grant, expires: number, signature: string): Promise<boolean> {
    if (expires * 1000 < this.now()) return false;
    const given = Buffer.from(signature, 'base64url');
    const expected = await this.mac(grant, expires);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /**
   * `text` encrypted (AES-256-GCM, with a key derived from the same secret)
   * as base64url: a field a URL must carry but not show, e.g. the client IP
   * an archive URL's downloads are charged to.
   */
  async seal(text: string): Promise<string> {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', await this.sealKey(), iv);
    const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
  }

  /** What `seal` sealed, or null when `sealed` is not this server's. */
  async unseal(sealed: string): Promise<string | null> {
    const bytes = Buffer.from(sealed, 'base64url');
    if (bytes.length < 28) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', await this.sealKey(), bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }

  private async sealKey(): Promise<Buffer> {
    return createHmac('sha256', await this.secret())
      .update('wharf-sealed-field')
      .digest();
  }

  /** `?expires=…&signature=…` for `grant`. */
  async query(grant: Grant): Promise<string> {
    const { expires, signature } = await this.sign(grant);
    return `?${new URLSearchParams({ expires: String(expires), signature })}`;
  }
}
