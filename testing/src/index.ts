// @wharf/testing: a fresh, empty Wharf per test file, in-process over
// embedded PostgreSQL, with fixtures and a webhook receiver.
import type * as Public from './public.js';
import { DATABASE_URL_ENV as ENV } from './databases.js';
import { startWharf as start } from './start-wharf.js';

export type * from './types.js';
// Typed by the published declarations (public.ts), so the two cannot drift apart.
export const startWharf: typeof Public.startWharf = start;
export const DATABASE_URL_ENV: typeof Public.DATABASE_URL_ENV = ENV;
