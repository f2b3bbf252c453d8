import type { Handler } from '../../http/operation-context.js';
import { rerequestSuiteIn } from '../check-suite-changes.js';
import { findSuite } from '../check-suites-store.js';
import { rerequest } from './rerequest.js';

export const rerequestCheckSuite: Handler<'checks/rerequest-suite'> = (ctx) =>
  rerequest(ctx, ctx.params, (sql, repo) => findSuite(sql, repo.id, ctx.params.check_suite_id), rerequestSuiteIn);
