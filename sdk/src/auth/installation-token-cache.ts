// Installation tokens kept by request key until they are no longer fresh.
// Callers asking for the same key while a request is under way share it, so
// a burst of calls at start-up (or at refresh time) costs one token, not N.
import type { InstallationToken } from './installation-token.js';

export class InstallationTokenCache {
  private readonly tokens = new Map<string, InstallationToken>();
  private readonly pending = new Map<string, Promise<InstallationToken>>();

  constructor(private readonly isFresh: (token: InstallationToken) => boolean) {}

  get(key: string, issue: () => Promise<InstallationToken>, refresh = false): Promise<InstallationToken> {
    const cached = this.tokens.get(key);
    if (!refresh && cached && this.isFresh(cached)) return Promise.resolve(cached);
    // A request already under way gives a token as new as the one we would ask for.
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const request = issue()
      .then((token) => {
        this.store(key, token);
        return token;
      })
      // A failure is not cached: the next call asks again.
      .finally(() => this.pending.delete(key));
    this.pending.set(key, request);
    return request;
  }

  private store(key: string, token: InstallationToken): void {
    // Drop stale entries so many differently-narrowed requests do not pile up.
    for (const [other, value] of this.tokens) if (!this.isFresh(value)) this.tokens.delete(other);
    this.tokens.set(key, token);
  }
}
