// What every resolver receives: the app's services and who is calling.
// Built per request by mount.ts from the pipeline's scope.
import type { Principal } from '../../auth/principal.js';
import type { Services } from '../../services.js';
import type { RequestAccess } from '../../access/request-access.js';
import type { AnswerBudget } from './answer-budget.js';
import type { CacheRecorder } from '../cache/cache-recorder.js';
import type { Loaders } from '../loaders.js';
import type { GraphqlRateMeter } from '../rate-limit-meter.js';

export interface GraphqlContext {
  services: Services;
  /** Who is calling, for the services a resolver hands it to; access questions go to `access`. */
  principal: Principal;
  /** The one policy's answers for this caller (access/request-access.ts), built once per request. */
  access: RequestAccess;
  /** This request's loaders (loaders.ts): resolvers read through them, so each kind is one statement. */
  loaders: Loaders;
  /** This call's points (rate-limit-meter.ts): charged before execution, read by `rateLimit`. */
  meter: GraphqlRateMeter;
  /** The bytes of large data this answer may still carry (answer-budget.ts). */
  answer: AnswerBudget;
  /** The pipeline's request id (also in the `X-<Vendor>-Request-Id` header). */
  requestId: string;
  /**
   * Filled when a resolver failed because the database is unavailable: the
   * whole call is then answered 503 (mount.ts). A holder object, because yoga
   * may hand resolvers a copy of the context.
   */
  outage: { error?: unknown };
  /**
   * Set when the call's answer may be kept by the response cache (cache/):
   * what the execution read. A holder object, like `outage`.
   */
  cacheRecorder?: CacheRecorder;
  /** Forgets what this request's loaders remember of the objects a mutation may change (changed-loaders.ts). */
  forgetChanges: () => void;
}
