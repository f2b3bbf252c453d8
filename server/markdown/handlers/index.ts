// The handlers of this capability's operations, keyed by operationId (joined in server/handlers.ts).
import type { Handlers } from '../../http/operation-context.js';
import { markdownRender } from './markdown-render.js';
import { markdownRenderRaw } from './markdown-render-raw.js';

export const markdownHandlers = {
  'markdown/render': markdownRender,
  'markdown/render-raw': markdownRenderRaw,
} satisfies Partial<Handlers>;
