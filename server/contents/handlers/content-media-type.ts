// Which representation of a content the caller's Accept header asks for: the
// edge reads the header, the service (read-content.ts) takes the answer.
import { requestedMediaParam } from '../../http/media-type.js';
import type { ContentMediaType } from '../read-content.js';

export const contentMediaType = (accept: string | null, vendor: string): ContentMediaType =>
  requestedMediaParam(accept, vendor, ['raw', 'object'] as const) ?? 'json';
