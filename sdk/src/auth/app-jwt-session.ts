// Requests signed with an app JWT, correcting for clock skew the way
// @octokit/auth-app does: when the server refuses the JWT with its `iat` or
// `exp` message, the server's time is read from the `Date` header, the JWT is
// signed again for that time and the request is sent once more. The offset is
// kept, so later JWTs (and token-expiry checks) use the server's time at once.
import { signAppJwt } from './app-jwt.js';
import { readJsonObject, type FetchLike } from './auth-http.js';
import { importAppPrivateKey } from './private-key.js';

// GitHub's wording, which Wharf keeps word for word (as Octokit matches it).
const SKEW_MESSAGE = /'Issued at' claim \('iat'\)|'Expiration time' claim \('exp'\)/;

export interface JsonReply {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

export class AppJwtSession {
  private offsetMs = 0;
  private key: Promise<CryptoKey> | undefined;

  constructor(
    private readonly privateKeyPem: string,
    private readonly appId: number | string,
    private readonly now: () => number,
    private readonly fetchFn: FetchLike,
  ) {}

  /** The server's current time as far as we know it, in ms. */
  serverNow(): number {
    return this.now() + this.offsetMs;
  }

  async jwt(): Promise<string> {
    // Imported on first use, so a bad key is an error from the call that needs it, not an unhandled rejection.
    this.key ??= importAppPrivateKey(this.privateKeyPem);
    return signAppJwt(await this.key, this.appId, this.serverNow() / 1000);
  }

  /** A JSON request with `Authorization: Bearer <app JWT>`, retried once after a clock-skew refusal. */
  async request(url: string, init: { method: string; body?: unknown }): Promise<JsonReply> {
    const first = await this.send(url, init);
    const date = first.headers.get('date');
    const serverTime = date === null ? NaN : Date.parse(date);
    const message = typeof first.body.message === 'string' ? first.body.message : '';
    if (first.status !== 401 || !SKEW_MESSAGE.test(message) || Number.isNaN(serverTime)) return first;
    this.offsetMs = serverTime - this.now();
    return this.send(url, init);
  }

  private async send(url: string, init: { method: string; body?: unknown }): Promise<JsonReply> {
    const headers: Record<string, string> = {
      accept: 'application/vnd.github+json',
      authorization: `Bearer ${await this.jwt()}`,
    };
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const response = await this.fetchFn(url, {
      method: init.method,
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    return { status: response.status, headers: response.headers, body: await readJsonObject(response) };
  }
}
