import type { Handler } from '../../http/operation-context.js';
import { archiveRedirect } from './archive-redirect.js';

export const downloadZipballArchive: Handler<'repos/download-zipball-archive'> = (ctx) =>
  archiveRedirect(ctx, ctx.params, 'zipball');
