// `npm run mock`: the mock server on http://127.0.0.1:4010 (PORT and HOST
// change that) until Ctrl-C or SIGTERM, which also stop prism.
import { startMockServer } from './mock-server.js';

const port = Number(process.env.PORT ?? 4010);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`mock server: PORT must be a port number, got ${process.env.PORT}`);
  process.exit(2);
}

const mock = await startMockServer({
  port,
  host: process.env.HOST ?? '127.0.0.1',
  // Prism logs each request and every way it breaks the contract: worth seeing.
  log: (text) => process.stderr.write(text),
});
console.log(
  `mock server (openapi.yaml examples by prism, GraphQL mocked from schema.graphql) listening on ${mock.url}`,
);

let stopping = false;
async function stop(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  console.log(`mock server: ${signal}, stopping`);
  await mock.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

// Without prism there is nothing to serve: say so rather than answer 502s.
void mock.prismExited.then(async (code) => {
  if (stopping) return;
  console.error(`mock server: prism exited (code ${code}); stopping`);
  stopping = true;
  await mock.close();
  process.exit(1);
});
