// GET /healthz: the process runs and its event loop answers. Nothing else is
// checked (a database outage must not make an orchestrator kill a process
// that will recover by itself; /readyz is for routing traffic).
import type { Handler } from '../../http/operation-context.js';

export const checkLiveness: Handler<'health/check-liveness'> = async () => ({
  status: 200,
  body: { status: 'ok' },
  headers: { 'cache-control': 'no-store' },
});
