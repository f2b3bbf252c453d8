import { validationFailed } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { MAX_MARKDOWN_BYTES, renderMarkdown } from '../render-markdown.js';
import { HTML, lookupDeps } from './render-deps.js';

// Answered anonymously: each reference links only if the caller may read what it names.
export const markdownRender: Handler<'markdown/render'> = async (ctx) => {
  const { body } = await ctx.input();
  if (Buffer.byteLength(body.text, 'utf8') > MAX_MARKDOWN_BYTES)
    throw validationFailed([
      { resource: 'Markdown', field: 'text', code: 'custom', message: 'text must be 400 KB or less' },
    ]);
  const request = { text: body.text, mode: body.mode ?? 'markdown', context: body.context };
  return { status: 200, raw: await renderMarkdown(lookupDeps(ctx), request), contentType: HTML };
};
