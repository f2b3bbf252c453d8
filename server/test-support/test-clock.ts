// A clock for the test server that a test can stop at a chosen instant. Signed
// URLs expire against the server's clock; a test that moves the clock by an
// offset from the real time races the real time (a busy machine spent more than
// the 1 s margin between signing and checking, and "299 s later" was 300+ s).
// Pinned to the URL's own expiry, the check is exact however slow the machine.

export class TestClock {
  private pinned: number | undefined;
  private offsetMs = 0;

  /** What the server is given as `now`. */
  readonly now = (): number => this.pinned ?? Date.now() + this.offsetMs;

  /** Runs `body` with the clock stopped at `ms` (Unix milliseconds), then lets it run again. */
  async at<T>(ms: number, body: () => Promise<T>): Promise<T> {
    this.pinned = ms;
    try {
      return await body();
    } finally {
      this.pinned = undefined;
    }
  }

  /** Runs `body` with the clock `ms` ahead of the real time. */
  async ahead<T>(ms: number, body: () => Promise<T>): Promise<T> {
    this.offsetMs = ms;
    try {
      return await body();
    } finally {
      this.offsetMs = 0;
    }
  }
}

/** A signed URL's `expires`, in Unix milliseconds. */
export function signedUrlExpiry(url: string): number {
  const expires = new URL(url).searchParams.get('expires');
  if (!expires || !/^\d+$/.test(expires)) throw new Error(`no expiry in ${url}`);
  return Number(expires) * 1000;
}
