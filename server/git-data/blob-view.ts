// GitHub's `blob` body: the content in base64 with a line break after every
// 60 characters and at the end (Ruby's Base64.encode64, which GitHub's
// answers show and clients strip before decoding).
import type { Urls } from '../http/urls.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { blobNodeId } from './object-node-id.js';

/** Input bytes per Base64 line (60 characters). */
const LINE_BYTES = 45;

export function base64Lines(content: Buffer): string {
  const flat = content.toString('base64');
  const lines: string[] = [];
  for (let i = 0; i < flat.length; i += 60) lines.push(flat.slice(i, i + 60));
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

export function blobUrl(repo: RepositoryRow, sha: string, urls: Urls): string {
  return urls.api(`/repos/${repo.owner_login}/${repo.name}/git/blobs/${sha}`);
}

export function blobView(repo: RepositoryRow, sha: string, content: Buffer, urls: Urls) {
  return {
    sha,
    node_id: blobNodeId(repo.id, sha),
    size: content.length,
    url: blobUrl(repo, sha, urls),
    content: base64Lines(content),
    encoding: 'base64',
  };
}

/**
 * The same body as blobView, already serialized, for large blobs: the Base64
 * lines are written straight into one buffer (`\\n` escaped as JSON wants
 * it) instead of 2 million line strings, their join, JSON.stringify's copy and
 * its UTF-8 encoding: a 100 MB blob took 8 s and 1 GB of memory that way.
 */
export function blobJsonBytes(repo: RepositoryRow, sha: string, content: Buffer, urls: Urls): Buffer {
  const { content: _content, ...fields } = blobView(repo, sha, Buffer.alloc(0), urls);
  const head = Buffer.from(`${JSON.stringify({ ...fields, size: content.length }).slice(0, -1)},"content":"`, 'utf8');
  const tail = Buffer.from('"}', 'utf8');
  const lines = Math.ceil(content.length / LINE_BYTES);
  const out = Buffer.allocUnsafe(head.length + Math.ceil(content.length / 3) * 4 + lines * 2 + tail.length);
  let at = head.copy(out, 0);
  // Blocks of whole lines, so each block's Base64 splits into 60-character lines.
  const BLOCK = LINE_BYTES * 16 * 1024;
  for (let start = 0; start < content.length; start += BLOCK) {
    const text = Buffer.from(content.subarray(start, start + BLOCK).toString('base64'), 'latin1');
    for (let i = 0; i < text.length; i += 60) {
      at += text.copy(out, at, i, Math.min(i + 60, text.length));
      out[at++] = 0x5c; // backslash
      out[at++] = 0x6e; // n
    }
  }
  at += tail.copy(out, at);
  return out.subarray(0, at);
}
