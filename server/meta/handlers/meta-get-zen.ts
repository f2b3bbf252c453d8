import type { Handler } from '../../http/operation-context.js';
import { randomPrinciple } from '../zen.js';

export const metaGetZen: Handler<'meta/get-zen'> = async (ctx) => {
  await ctx.input();
  return { status: 200, raw: randomPrinciple(), contentType: 'text/plain; charset=utf-8' };
};
