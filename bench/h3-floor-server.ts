// The "h3 floor": what the framework stack alone costs. A minimal h3 v2 app
// behind node:http exactly as `wharf serve` mounts it (toNodeHandler, the
// same createHttpServer: timeouts, unread-body close), answering GET / with an srvx FastResponse carrying
// Wharf's body bytes and the very headers Wharf sent for the authenticated
// GET, as json-response.ts does. No routing table, auth, cache or database:
// whatever separates this from bare-server.ts is h3 + srvx + the header set,
// and Wharf cannot get closer to bare than this. A separate file (not a mode
// of bare-server.ts) so the bare baseline never loads h3.
// Run as a child of rest-vs-bare.ts; prints `listening <port>` when ready.
import { H3, toNodeHandler } from 'h3';
import { FastResponse } from 'srvx';
import { createHttpServer } from '../server/http/http-server.js';
import { listenForBench } from './child-listen.js';

const body = Buffer.from(process.env.BENCH_BARE_BODY_B64 ?? '', 'base64');
// [name, value] pairs, so repeated headers (set-cookie) survive.
const headers = JSON.parse(process.env.BENCH_H3_HEADERS_JSON ?? '[]') as [string, string][];
if (body.length === 0 || headers.length === 0) {
  process.stderr.write('h3-floor-server: set BENCH_BARE_BODY_B64 and BENCH_H3_HEADERS_JSON\n');
  process.exit(2);
}

const app = new H3().get('/', () => new FastResponse(body, { status: 200, headers }));

const server = createHttpServer(toNodeHandler(app));
listenForBench(server);
