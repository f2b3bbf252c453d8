// An OAuth app's callback for browser tests: a node:http server on 127.0.0.1
// that records each callback URL the browser is redirected to (the query carries
// `code`/`error` and `state`) and shows a small page, as a real app would.
import { createServer, type Server } from 'node:http';

export interface CallbackReceiver {
  /** The callback URL to register for the app (`http://127.0.0.1:PORT/callback`). */
  url: string;
  /** Every callback request's full URL, in arrival order. */
  received: URL[];
  close(): Promise<void>;
}

export async function startCallbackReceiver(): Promise<CallbackReceiver> {
  const received: URL[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    // Chromium also asks for /favicon.ico; only the callback path is the app's.
    if (url.pathname !== '/callback') return void res.writeHead(404).end();
    received.push(url);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><html lang="en"><title>Example App</title><h1>Back at Example App</h1></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}/callback`,
    received,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
