// The receiver of `npm run bench:webhooks`: a node:http server on 127.0.0.1
// that answers every POST with 200 and records, per request, the time from
// the event (the `t` field the bench puts first in every body, epoch ms) to
// the receipt. Its own process, so the bench's producer does not slow it.
// Control: GET /stats → counts and latencies since the last POST /reset;
// GET /count → requests since then.
// Prints `listening <port>` (bench/child-listen.ts) when ready.
import { createServer } from 'node:http';
import { listenForBench } from './child-listen.js';

const T_FIELD = /^\{"t":(\d+)/;
let received = 0;
let latenciesMs: number[] = [];
let firstAt = 0;
let lastAt = 0;
const deliveries = new Set<string>();
let duplicates = 0;

const server = createServer({ keepAliveTimeout: 65_000 }, (req, res) => {
  if (req.method === 'GET' && req.url === '/stats') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ received, duplicates, firstAt, lastAt, latenciesMs }));
    return;
  }
  if (req.method === 'GET' && req.url === '/count') {
    res.end(String(received));
    return;
  }
  if (req.method === 'POST' && req.url === '/reset') {
    received = 0;
    duplicates = 0;
    latenciesMs = [];
    deliveries.clear();
    firstAt = lastAt = 0;
    res.end();
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const now = Date.now();
    const head = Buffer.concat(chunks).toString('latin1', 0, 32);
    const t = T_FIELD.exec(head);
    if (t) latenciesMs.push(now - Number(t[1]));
    // At-least-once may send a delivery twice; the bench reports how often.
    const guid = req.headers['x-github-delivery'];
    if (typeof guid === 'string') {
      if (deliveries.has(guid)) duplicates++;
      else deliveries.add(guid);
    }
    received++;
    if (firstAt === 0) firstAt = now;
    lastAt = now;
    res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '2' });
    res.end('ok');
  });
});
listenForBench(server);
