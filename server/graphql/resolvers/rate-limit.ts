// Query.rateLimit: what this call cost and the points left after it, from the
// call's meter (rate-limit-meter.ts), which charged before anything ran.
// `dryRun` needs nothing here: the meter did not charge, and resource-limits.ts
// ran nothing but this field.
import type { QueryResolvers } from '../generated/resolvers-types.js';

export const rateLimitQuery: NonNullable<QueryResolvers['rateLimit']> = (_parent, _args, ctx) => ctx.meter.rateLimit();
