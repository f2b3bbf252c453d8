// The client address used for anonymous rate limits. X-Forwarded-For is only
// believed when the socket peer is a proxy named in WHARF_TRUST_PROXY; then the
// right-most address that is not itself a trusted proxy is the client.
import type { H3Event } from 'h3';

function normalize(address: string): string {
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}

export function clientIp(event: H3Event, trustedProxies: readonly string[]): string {
  const peer = normalize((event.req as { ip?: string }).ip ?? 'unknown');
  if (trustedProxies.length === 0 || !trustedProxies.includes(peer)) return peer;
  const forwarded = event.req.headers.get('x-forwarded-for');
  if (!forwarded) return peer;
  const hops = forwarded
    .split(',')
    .map((h) => normalize(h.trim()))
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    if (!trustedProxies.includes(hops[i]!)) return hops[i]!;
  }
  return hops[0] ?? peer;
}
