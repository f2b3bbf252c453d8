// The `Date` header from the server's clock (`services.now`, which tests
// inject), not Node's real one: clients that correct clock skew from it
// (Octokit, the SDK's app auth) then see the same time the JWT checks use.
// Formatted once per second, as Node does for its own Date header.

let cachedSecond = Number.NaN;
let cachedText = '';

export function httpDate(nowMs: number): string {
  const second = Math.floor(nowMs / 1000);
  if (second !== cachedSecond) {
    cachedSecond = second;
    cachedText = new Date(second * 1000).toUTCString();
  }
  return cachedText;
}
