import type { Handler } from '../../http/operation-context.js';
import { archiveRedirect } from './archive-redirect.js';

export const downloadTarballArchive: Handler<'repos/download-tarball-archive'> = (ctx) =>
  archiveRedirect(ctx, ctx.params, 'tarball');
