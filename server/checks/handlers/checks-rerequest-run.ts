import type { Handler } from '../../http/operation-context.js';
import { rerequestRunIn } from '../check-run-requests.js';
import { findRun } from '../check-runs-store.js';
import { rerequest } from './rerequest.js';

// The run page's "Re-run" button does the same (check-run-requests.ts).
export const rerequestCheckRun: Handler<'checks/rerequest-run'> = (ctx) =>
  rerequest(ctx, ctx.params, (sql, repo) => findRun(sql, repo.id, ctx.params.check_run_id), rerequestRunIn);
