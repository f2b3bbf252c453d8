// The baseline: a plain node:http server that answers every request with the
// same body bytes and content-type as Wharf's authenticated
// GET /repos/{owner}/{repo}, so the comparison isolates Wharf's own work
// (routing, auth, database, serialisation, headers) from Node's HTTP cost.
// Run as a child of rest-vs-bare.ts; prints `listening <port>` when ready.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { listenForBench } from './child-listen.js';

// Large bodies come as a file (an environment variable holds at most 128 KiB).
const body = process.env.BENCH_BARE_BODY_FILE
  ? readFileSync(process.env.BENCH_BARE_BODY_FILE)
  : Buffer.from(process.env.BENCH_BARE_BODY_B64 ?? '', 'base64');
const contentType = process.env.BENCH_BARE_CONTENT_TYPE ?? '';
if (body.length === 0 || !contentType) {
  process.stderr.write('bare-server: set BENCH_BARE_BODY_B64 and BENCH_BARE_CONTENT_TYPE\n');
  process.exit(2);
}
const headers = { 'content-type': contentType, 'content-length': String(body.length) };

// Same keep-alive timeout as `wharf serve`, so connection reuse matches.
const server = createServer({ keepAliveTimeout: 65_000 }, (_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
listenForBench(server);
