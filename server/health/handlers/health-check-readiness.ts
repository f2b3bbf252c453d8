// GET /readyz: 200 when the database answers and its migrations are those
// this build ships; 503 with the reason otherwise (see readiness.ts).
import type { Handler } from '../../http/operation-context.js';
import { checkReadiness } from '../readiness.js';

export const checkReadinessHandler: Handler<'health/check-readiness'> = async (ctx) => {
  const readiness = await checkReadiness(ctx.services.sql);
  const headers = { 'cache-control': 'no-store' };
  if (readiness.ready) return { status: 200, body: { status: 'ready', migrations: readiness.migrations! }, headers };
  return {
    status: 503,
    body: {
      status: 'unavailable',
      message: readiness.message!,
      ...(readiness.migrations ? { migrations: readiness.migrations } : {}),
    },
    headers,
  };
};
