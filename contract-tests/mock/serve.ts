// `npm run mock`: the mock server on http://127.0.0.1:4010 (PORT and HOST
// change that) until Ctrl-C or SIGTERM, which also stop prism.
// `npm run mock -- --stateful`: a real, empty Wharf there instead
// (stateful-wharf.ts), with a user and its token printed; stopping it
// deletes its data.
import { parseArgs } from 'node:util';
import { startMockServer } from './mock-server.js';
import { startStatefulMock } from './stateful-wharf.js';

const { values } = parseArgs({ options: { stateful: { type: 'boolean', default: false } } });
const port = Number(process.env.PORT ?? 4010);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`mock server: PORT must be a port number, got ${process.env.PORT}`);
  process.exit(2);
}
const host = process.env.HOST ?? '127.0.0.1';
// Prism logs each request and every way it breaks the contract; Wharf its warnings: worth seeing.
const log = (text: string) => process.stderr.write(text);

const mock = values.stateful
  ? await startStatefulMock({ port, host, log })
  : await startMockServer({ port, host, log });
if ('token' in mock) {
  console.log(`mock server (a real, empty Wharf; its data is deleted on exit) listening on ${mock.url}`);
  console.log(`user ${mock.login}, token (every scope): ${mock.token}`);
} else {
  console.log(
    `mock server (openapi.yaml examples by prism, GraphQL mocked from schema.graphql) listening on ${mock.url}`,
  );
}

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

// Without Wharf there is nothing to serve: say so rather than refuse connections.
if ('exited' in mock) {
  void mock.exited.then(async (code) => {
    if (stopping) return;
    console.error(`mock server: wharf exited (code ${code}); stopping`);
    stopping = true;
    await mock.close();
    process.exit(1);
  });
}
