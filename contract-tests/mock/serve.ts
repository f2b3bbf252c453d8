// `npm run mock`: the mock server on http://127.0.0.1:4010 (--port/PORT and
// --host/HOST change that) until Ctrl-C or SIGTERM, which also stop prism.
// `npm run mock -- --stateful`: a real, empty Wharf there instead
// (stateful-wharf.ts), with a user and its token printed; stopping it
// deletes its data. The packed mock (@wharf/mock, mock/build.mjs) is this
// file bundled, as the `wharf-mock` command.
import { parseArgs } from 'node:util';
import { startMockServer } from './mock-server.js';
import { startStatefulMock } from './stateful-wharf.js';

const USAGE = `usage: wharf-mock [--port N] [--host H] [--stateful]   (in a checkout: npm run mock -- …)

  --port N     port to listen on (0: any free one; default PORT, else 4010)
  --host H     address to listen on (default HOST, else 127.0.0.1)
  --stateful   a real, empty Wharf instead of the contract's examples (needs the checkout)
  --help       this text

Serves openapi.yaml's examples (prism) and schema.graphql (mocked) at /api/graphql; any token passes.`;

function parsed() {
  try {
    return parseArgs({
      options: {
        port: { type: 'string', default: process.env.PORT ?? '4010' },
        host: { type: 'string', default: process.env.HOST ?? '127.0.0.1' },
        stateful: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    }).values;
  } catch (error) {
    console.error(`mock server: ${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
}

const values = parsed();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const port = Number(values.port);
if (!/^\d+$/.test(values.port) || port > 65535) {
  console.error(`mock server: the port must be a number from 0 to 65535, got ${values.port}`);
  process.exit(2);
}
const host = values.host;
// Prism logs each request and every way it breaks the contract; Wharf its warnings: worth seeing.
const log = (text: string) => process.stderr.write(text);

const mock = await (values.stateful
  ? startStatefulMock({ port, host, log })
  : startMockServer({ port, host, log })
).catch((error: unknown) => {
  console.error(`mock server: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
// Handled before the address is printed: whoever waits for that line may stop the mock at once.
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

if ('token' in mock) {
  console.log(`mock server (a real, empty Wharf; its data is deleted on exit) listening on ${mock.url}`);
  console.log(`user ${mock.login}, token (every scope): ${mock.token}`);
} else {
  console.log(
    `mock server (openapi.yaml examples by prism, GraphQL mocked from schema.graphql) listening on ${mock.url}`,
  );
}

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
