// Parsers for raw git objects as `cat-file --batch` prints them: commit and
// tag headers, identities with their dates, and binary tree entries.
import type { GitActorModel } from './models.js';

export interface ParsedCommit {
  tree: string;
  parents: string[];
  author: GitActorModel;
  committer: GitActorModel;
  message: string;
}

export interface ParsedTag {
  object: string;
  type: string;
  name: string;
  tagger: GitActorModel | null;
  message: string;
}

export interface RawTreeEntry {
  mode: string;
  name: string;
  oid: string;
}

/** Headers (continuation lines folded away) and the message after the first blank line. */
function splitObject(raw: Buffer): { headers: [string, string][]; message: string } {
  const text = raw.toString('utf8');
  const end = text.indexOf('\n\n');
  const head = end === -1 ? text : text.slice(0, end);
  const message = end === -1 ? '' : text.slice(end + 2);
  const headers: [string, string][] = [];
  for (const line of head.split('\n')) {
    if (line.startsWith(' ')) continue; // continuation of a multi-line header (gpgsig, mergetag)
    const space = line.indexOf(' ');
    if (space > 0) headers.push([line.slice(0, space), line.slice(space + 1)]);
  }
  return { headers, message };
}

const IDENTITY = /^(.*?) ?<([^>]*)> (-?\d+) ([+-])(\d{2})(\d{2})$/;

/** `Name <email> 1700000000 +0100` → name, email, the time with its offset and in UTC. */
export function parseIdentity(value: string): GitActorModel {
  const match = IDENTITY.exec(value);
  if (!match) return { name: value, email: '', date: '1970-01-01T00:00:00+00:00', utc: '1970-01-01T00:00:00Z' };
  const [, name = '', email = '', seconds = '0', sign = '+', hours = '00', minutes = '00'] = match;
  const epoch = Number(seconds) * 1000;
  const offsetMinutes = (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes));
  const local = new Date(epoch + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const utc = `${new Date(epoch).toISOString().slice(0, 19)}Z`;
  // The actor's own offset, `+00:00` included (a zone, unlike DateTime's UTC `Z`).
  return { name, email, date: `${local}${offsetMinutes === 0 ? '+00:00' : `${sign}${hours}:${minutes}`}`, utc };
}

/** A commit's message as GitHub serves it: git's trailing newline dropped. */
function trimMessage(message: string): string {
  return message.replace(/\n+$/, '');
}

export function parseCommit(raw: Buffer): ParsedCommit {
  const { headers, message } = splitObject(raw);
  const value = (key: string) => headers.find(([k]) => k === key)?.[1] ?? '';
  return {
    tree: value('tree'),
    parents: headers.filter(([k]) => k === 'parent').map(([, v]) => v),
    author: parseIdentity(value('author')),
    committer: parseIdentity(value('committer')),
    message: trimMessage(message),
  };
}

export function parseTag(raw: Buffer): ParsedTag {
  const { headers, message } = splitObject(raw);
  const value = (key: string) => headers.find(([k]) => k === key)?.[1];
  const tagger = value('tagger');
  return {
    object: value('object') ?? '',
    type: value('type') ?? '',
    name: value('tag') ?? '',
    tagger: tagger === undefined ? null : parseIdentity(tagger),
    // A signed tag's signature follows the message; GitHub shows the message only.
    message: trimMessage(message.replace(/-----BEGIN (?:PGP|SSH) SIGNATURE-----[\s\S]*$/, '')),
  };
}

/** GitHub's headline: the first line; the body: what follows it, without the blank lines between. */
export function splitMessage(message: string): { headline: string; body: string } {
  const newline = message.indexOf('\n');
  if (newline === -1) return { headline: message, body: '' };
  return { headline: message.slice(0, newline), body: message.slice(newline + 1).replace(/^\n+/, '') };
}

/** Binary tree entries: `<octal mode> <name>\0<raw object id>`, repeated; the first `max` of them. */
export function parseTree(raw: Buffer, oidBytes: number, max = Infinity): RawTreeEntry[] {
  const entries: RawTreeEntry[] = [];
  let at = 0;
  while (at < raw.length && entries.length < max) {
    const space = raw.indexOf(0x20, at);
    const nul = raw.indexOf(0, space + 1);
    if (space === -1 || nul === -1 || nul + 1 + oidBytes > raw.length) break; // truncated: git never writes this
    entries.push({
      mode: raw.toString('latin1', at, space),
      name: raw.toString('utf8', space + 1, nul),
      oid: raw.toString('hex', nul + 1, nul + 1 + oidBytes),
    });
    at = nul + 1 + oidBytes;
  }
  return entries;
}
