import type { Handler } from '../../http/operation-context.js';
import { readBodyText } from '../../http/body-reader.js';
import { operationBodyLimits } from '../../http/operation-input.js';
import { routeTable } from '../../generated/routes.js';
import { renderMarkdown } from '../render-markdown.js';
import { HTML, lookupDeps } from './render-deps.js';

// The body is the Markdown itself (text/plain or text/x-markdown), not JSON, so it is read
// here under the operation's cap (400 KB, GitHub's limit) instead of through ctx.input().
export const markdownRenderRaw: Handler<'markdown/render-raw'> = async (ctx) => {
  ctx.checkScopes();
  const { config } = ctx.services;
  const limits = operationBodyLimits(routeTable[ctx.operationId], {
    maxBytes: config.maxBodyBytes,
    timeoutMs: config.bodyTimeoutMs,
  });
  const text = await readBodyText(ctx.event, limits);
  return { status: 200, raw: await renderMarkdown(lookupDeps(ctx), { text, mode: 'markdown' }), contentType: HTML };
};
