// Tests' stand-in for prism: records what the mock's front would send prism
// and answers with a canned response, so the front's checks are tested
// without starting prism (seconds per test file).
import type { Upstream, UpstreamRequest, UpstreamResponse } from './prism.js';

export interface FakeUpstream {
  upstream: Upstream;
  /** Every request the front sent on, in order. */
  sent: UpstreamRequest[];
  /** The next answers, in order; afterwards a 200 `{"ok":true}`. */
  answers: UpstreamResponse[];
  /** Forgets what was sent and drops unused answers (before each test). */
  reset(): void;
}

export function fakeUpstream(): FakeUpstream {
  const fake: FakeUpstream = {
    sent: [],
    answers: [],
    reset() {
      fake.sent.length = 0;
      fake.answers.length = 0;
    },
    upstream: async (request) => {
      fake.sent.push(request);
      return (
        fake.answers.shift() ?? {
          status: 200,
          headers: { 'content-type': 'application/json' },
          body: Buffer.from('{"ok":true}'),
        }
      );
    },
  };
  return fake;
}
