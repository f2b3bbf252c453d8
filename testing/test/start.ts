// The in-repo tests start their servers on the test run's cluster (the root
// global setup's), where the harness makes its own template.
import { inject } from 'vitest';
import { startWharf, type StartWharfOptions, type Wharf } from '../src/index.js';

export const start = (options: StartWharfOptions = {}): Promise<Wharf> =>
  startWharf({ databaseUrl: inject('pgAdminUrl'), ...options });
