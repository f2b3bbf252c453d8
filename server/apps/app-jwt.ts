// Authenticating an app by its JWT (GitHub's rules): RS256 only, signed by one
// of the app's registered keys, `iss` the app id or its client id, `iat` at
// most 60 s ahead of our clock, `exp` in the future and at most 10 minutes
// after `iat`. Failures are 401 with GitHub's messages; Octokit's auth-app
// reads the `iat`/`exp` ones to correct for clock drift and retry, so they are
// kept word for word.
import { compactVerify, decodeJwt, decodeProtectedHeader } from 'jose';
import { createPublicKey, type KeyObject } from 'node:crypto';
import type { AppPrincipal } from '../auth/principal.js';
import type { AppRow } from './apps-store.js';
import type { InvalidationBus } from '../db/cache-invalidation.js';
import type { Sql } from '../db/database.js';
import { canMatchText } from '../db/text-values.js';
import { DomainError } from '../errors/domain-error.js';

export const JWT_MESSAGES = {
  undecodable: 'A JSON web token could not be decoded',
  unknownApp: 'Integration not found',
  iat: "'Issued at' claim ('iat') must be an Integer representing the time that the assertion was issued",
  expired:
    "'Expiration time' claim ('exp') must be a numeric value representing the future time at which the assertion expires",
  tooLong: "'Expiration time' claim ('exp') is too far in the future",
} as const;

const MAX_IAT_AHEAD_S = 60;
const MAX_LIFETIME_S = 600;
const MAX_CACHED = 10_000;

const jwtError = (message: string) => new DomainError('unauthenticated', message);

interface AppWithKeys {
  app: AppPrincipal['app'];
  row: AppRow;
  keys: KeyObject[];
}

/** Apps and their public keys by `iss`, cached in process and dropped when any app changes. */
export class AppJwtVerifier {
  private readonly cache = new Map<string, AppWithKeys | null>();
  private generation = 0;

  constructor(
    private readonly sql: Sql,
    bus: InvalidationBus,
    private readonly now: () => number = Date.now,
  ) {
    bus.subscribe((topic) => {
      if (topic === '*' || topic.startsWith('app:')) {
        this.cache.clear();
        this.generation++;
      }
    });
  }

  async verify(token: string): Promise<AppPrincipal> {
    let alg: string | undefined;
    let iss: unknown;
    try {
      alg = decodeProtectedHeader(token).alg;
      // Typed as a string, but Octokit sends the app id as a number.
      iss = (decodeJwt(token) as { iss?: unknown }).iss;
    } catch {
      throw jwtError(JWT_MESSAGES.undecodable);
    }
    // Only RS256: `none`, HS256 keyed with the public key and the like never pass.
    if (alg !== 'RS256') throw jwtError(JWT_MESSAGES.undecodable);
    const found = await this.appFor(iss);
    if (!found) throw jwtError(JWT_MESSAGES.unknownApp);
    const payload = await verifiedPayload(token, found.keys);
    checkTimes(payload, Math.floor(this.now() / 1000));
    return { kind: 'app', app: found.app, row: found.row };
  }

  private async appFor(iss: unknown): Promise<AppWithKeys | null> {
    // Octokit sends the app id as a number; the client id (a string) works too.
    const key =
      typeof iss === 'number' && Number.isSafeInteger(iss) && iss > 0
        ? `id:${iss}`
        : typeof iss === 'string' && /^[1-9][0-9]{0,15}$/.test(iss)
          ? `id:${iss}`
          : typeof iss === 'string' && iss.length > 0 && iss.length <= 100 && canMatchText(iss)
            ? `client:${iss}`
            : null;
    if (key === null) return null;
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached;
    const generation = this.generation;
    const loaded = await this.load(key);
    if (generation === this.generation) {
      if (this.cache.size >= MAX_CACHED) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(key, loaded);
    }
    return loaded;
  }

  private async load(key: string): Promise<AppWithKeys | null> {
    const value = key.slice(key.indexOf(':') + 1);
    const byId = key.startsWith('id:');
    const [found] = await this.sql<(AppRow & { pems: string[] })[]>`
      SELECT a.*, ARRAY(SELECT public_key_pem FROM app_keys WHERE app_id = a.id ORDER BY id) AS pems
      FROM apps a WHERE ${byId ? this.sql`a.id = ${Number(value)}` : this.sql`a.client_id = ${value}`}`;
    if (!found) return null;
    const { pems, ...row } = found;
    return {
      app: {
        id: row.id,
        slug: row.slug,
        name: row.name,
        ownerId: row.owner_id,
        clientId: row.client_id,
        botId: row.bot_id,
      },
      row,
      keys: pems.map((pem) => createPublicKey(pem)),
    };
  }
}

async function verifiedPayload(token: string, keys: KeyObject[]): Promise<Record<string, unknown>> {
  for (const key of keys) {
    try {
      const { payload } = await compactVerify(token, key, { algorithms: ['RS256'] });
      const claims: unknown = JSON.parse(new TextDecoder().decode(payload));
      if (claims !== null && typeof claims === 'object' && !Array.isArray(claims))
        return claims as Record<string, unknown>;
    } catch {
      // Signed by another key, or not at all: try the next one.
    }
  }
  throw jwtError(JWT_MESSAGES.undecodable);
}

function checkTimes(claims: Record<string, unknown>, nowSeconds: number): void {
  const { iat, exp } = claims;
  if (typeof iat !== 'number' || !Number.isInteger(iat) || iat > nowSeconds + MAX_IAT_AHEAD_S)
    throw jwtError(JWT_MESSAGES.iat);
  if (typeof exp !== 'number' || !Number.isFinite(exp)) throw jwtError(JWT_MESSAGES.expired);
  if (exp - iat > MAX_LIFETIME_S) throw jwtError(JWT_MESSAGES.tooLong);
  if (exp <= nowSeconds) throw jwtError(JWT_MESSAGES.expired);
}
