// The declarations users see (built into dist/types/ by tsconfig.build.json):
// the same names as index.ts, without following it into the server's sources,
// so no server type can appear in the package's .d.ts files. index.test.ts
// checks that the implementation matches these signatures.
import type { StartWharfOptions, Wharf } from './types.js';

export type * from './types.js';

/** Name of the environment variable holding the admin URL of the PostgreSQL server the harness uses. */
export declare const DATABASE_URL_ENV: 'WHARF_TESTING_DATABASE_URL';
/** Starts a fresh, empty Wharf on 127.0.0.1 (see the package README). */
export declare function startWharf(options?: StartWharfOptions): Promise<Wharf>;
