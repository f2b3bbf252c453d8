// The physical anchor of bench/webhooks.ts: `total` POSTs of signed bodies of
// the same size and headers as Wharf's deliveries, from `concurrency` loops
// using Node's fetch (undici, keep-alive), each body signed when it is sent,
// and nothing recorded anywhere. What Node and the loopback can do at most.
import { randomUUID } from 'node:crypto';
import { hookshotUserAgent } from '../server/webhooks/delivery-request.js';
import { signature1, signature256 } from '../server/webhooks/signature.js';
import { timedPayload } from './webhook-events.js';

export interface BareLoopResult {
  sent: number;
  failed: number;
  seconds: number;
  perSecond: number;
}

export async function bareSignedLoop(
  url: string,
  total: number,
  concurrency: number,
  bodyBytes: number,
  secret: string,
): Promise<BareLoopResult> {
  let next = 0;
  let failed = 0;
  const started = performance.now();
  const loop = async () => {
    while (next < total) {
      const n = next++;
      const body = Buffer.from(timedPayload(n, bodyBytes), 'utf8');
      const response = await fetch(url, {
        method: 'POST',
        body,
        headers: {
          Accept: '*/*',
          'Content-Type': 'application/json',
          'User-Agent': hookshotUserAgent('GitHub'),
          'X-GitHub-Delivery': randomUUID(),
          'X-GitHub-Event': 'push',
          'X-GitHub-Hook-ID': '1',
          'X-GitHub-Hook-Installation-Target-ID': '1',
          'X-GitHub-Hook-Installation-Target-Type': 'repository',
          'X-Hub-Signature': signature1(secret, body),
          'X-Hub-Signature-256': signature256(secret, body),
        },
      });
      await response.arrayBuffer();
      if (response.status !== 200) failed++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  const seconds = (performance.now() - started) / 1000;
  return { sent: total, failed, seconds, perSecond: total / seconds };
}
