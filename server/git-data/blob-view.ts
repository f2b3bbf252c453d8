// GitHub's `blob` body: the content in base64 with a line break after every
// 60 characters and at the end (Ruby's Base64.encode64, which GitHub's
// answers show and clients strip before decoding).
import type { Urls } from '../http/urls.js';
import type { RepositoryRow } from '../repos/repositories-store.js';
import { blobNodeId } from './object-node-id.js';

export function base64Lines(content: Buffer): string {
  const flat = content.toString('base64');
  const lines: string[] = [];
  for (let i = 0; i < flat.length; i += 60) lines.push(flat.slice(i, i + 60));
  return lines.length === 0 ? '' : lines.join('\n') + '\n';
}

export function blobUrl(repo: RepositoryRow, sha: string, urls: Urls): string {
  return urls.api(`/repos/${repo.owner_login}/${repo.name}/git/blobs/${sha}`);
}

export function blobView(repo: RepositoryRow, sha: string, content: Buffer, urls: Urls) {
  return { sha, node_id: blobNodeId(repo.id, sha), size: content.length, url: blobUrl(repo, sha, urls), content: base64Lines(content), encoding: 'base64' };
}
