// Shared tail of the benchmark's baseline servers (bare-server.ts,
// h3-floor-server.ts): listen on a free loopback port, print
// `listening <port>` for spawn-bare.ts, and close on SIGTERM/SIGINT.
import type { Server } from 'node:http';

export function listenForBench(server: Server): void {
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    process.stdout.write(`listening ${port}\n`);
  });
  const stop = () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
