// What the packed mock (@wharf/mock) has in place of
// contract-tests/mock/stateful-wharf.ts (mock/build.mjs swaps it in):
// `--stateful` runs a real Wharf, its built server, embedded PostgreSQL and
// git, which the package does not hold. It says where to get one instead.
import type { StatefulMock, StatefulMockOptions } from '../../contract-tests/mock/stateful-wharf.js';

export const STATEFUL_UNAVAILABLE =
  '--stateful runs a real Wharf, which @wharf/mock does not contain: run `npm run mock -- --stateful` ' +
  'in a Wharf checkout, or start a fresh Wharf per test with startWharf() from @wharf/testing';

export async function startStatefulMock(_options?: StatefulMockOptions): Promise<StatefulMock> {
  throw new Error(STATEFUL_UNAVAILABLE);
}
