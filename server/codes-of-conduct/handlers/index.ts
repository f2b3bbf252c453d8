// The handlers of this capability's operations, keyed by operationId (joined in server/handlers.ts).
import type { Handlers } from '../../http/operation-context.js';
import { getAllCodesOfConduct, getConductCode } from './codes-of-conduct-handlers.js';

export const codesOfConductHandlers = {
  'codes-of-conduct/get-all-codes-of-conduct': getAllCodesOfConduct,
  'codes-of-conduct/get-conduct-code': getConductCode,
} satisfies Partial<Handlers>;
