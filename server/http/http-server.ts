// The node:http server Wharf runs in (`wharf serve`, tests, the benchmark),
// with its timeouts chosen rather than inherited from Node's defaults.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { guardRequestTarget } from './request-target.js';

export const SERVER_TIMEOUTS = {
  /** All request headers must arrive within this (slow-header slowloris). */
  headersTimeout: 20_000,
  /**
   * Node's whole-request timeout is server-wide, so it is off: git transport
   * and release-asset uploads will stream for longer than any sane limit for
   * a JSON body. Each body reader sets its own deadline instead
   * (body-reader.ts, WHARF_BODY_TIMEOUT), so streaming routes can opt out.
   */
  requestTimeout: 0,
  /**
   * Idle kept-alive connections close after this: above the 60 s idle timeout
   * of common load balancers, so the proxy, not Wharf, closes first and
   * never sends a request into a socket Wharf is closing.
   */
  keepAliveTimeout: 65_000,
  /** How often Node checks headersTimeout (its default is 30 s, coarser than the timeout). */
  connectionsCheckingInterval: 5_000,
} as const;

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;

/** How long a connection closed over an unread body stays open (paused) so the client can read its answer. */
export const UNREAD_BODY_LINGER_MS = 1_000;

/** Unread declared bodies up to this are left to Node to skip, keeping the connection. */
export const SKIPPABLE_UNREAD_BYTES = 64 * 1024;

function cheapToSkip(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return length !== undefined && Number(length) <= SKIPPABLE_UNREAD_BYTES;
}

/**
 * A response sent before its request body was read in full (a 401 or 413 to
 * a large upload) ends the connection. Node would otherwise go on reading the
 * rest of the body to throw it away: 100 MB of CPU on a kept-alive
 * connection, or forever for an endless chunked body now that requestTimeout
 * is off. A small declared body costs next to nothing to skip, so that
 * connection is kept (as Go's net/http does below 256 KB).
 *
 * The close lingers: the answer and a FIN go out, reading stops (the client's
 * writes fill the socket buffers and then wait, costing us nothing), and the
 * socket is destroyed a moment later. Destroying at once would reset the
 * connection while the client is still writing, and clients that fail on
 * the write error (Node's among them) never read the 413 they were sent.
 */
function closeAfterUnreadBody(handler: NodeHandler): NodeHandler {
  return (req, res) => {
    res.once('finish', () => {
      if (req.complete || cheapToSkip(req)) return;
      const socket = req.socket;
      // Node's own close for `Connection: close` (destroySoon) would destroy on flush.
      socket.removeListener('finish', socket.destroy);
      if (!socket.writableEnded) socket.end();
      // After Node's resume of the unread body (next tick), stop reading for good.
      setImmediate(() => socket.pause());
      const timer = setTimeout(() => socket.destroy(), UNREAD_BODY_LINGER_MS);
      socket.once('close', () => clearTimeout(timer));
    });
    handler(req, res);
  };
}

export function createHttpServer(handler: NodeHandler): Server {
  const wrapped = closeAfterUnreadBody(guardRequestTarget(handler));
  const server = createServer({ ...SERVER_TIMEOUTS }, wrapped);
  // `Expect: 100-continue` (curl sends it for large uploads): Node would say
  // "100 Continue" at once, before anyone looked at the request. Handled here,
  // the body reader says it only when it starts reading (body-reader.ts), so
  // a 401 or a 413 reaches the client before it sends any of the body.
  server.on('checkContinue', wrapped);
  return server;
}
