// The ref updates a push asks for, read from the head of its spooled body
// (pkt-lines `<old> <new> <ref>[\0capabilities]` up to a flush-pkt, before
// the pack), so the server knows before receive-pack starts whether the
// per-ref `update` hook (push-hook.ts) could refuse any of them. Why: git
// starts that hook, a shell, once per ref, and a push creating 1,000
// branches spent seconds of CPU starting shells that refused nothing
// (issue 32). A push none of whose refs could be refused runs without the
// hook; any other (or a body we cannot read so far) runs with it, and the
// hook decides as before. A rule added to the hook must be added here too.
import { open } from 'node:fs/promises';

export interface PushCommand {
  ref: string;
  deletes: boolean;
  /** The ref's tip the client saw and the one it sends (40 zeros: none), for branch protection (push-protection.ts). */
  old?: string;
  new?: string;
}

/** The command list of a push body is read up to this far; past it, the hook decides. */
const MAX_COMMAND_BYTES = 16 * 1024 * 1024;

/**
 * Parses the complete pkt-lines of `buffer` into `commands`: how many bytes
 * it used, `done` once the flush-pkt is reached, or null for what we do not
 * read (a push certificate, anything malformed).
 */
function parse(buffer: Buffer, commands: PushCommand[]): { used: number; done: boolean } | null {
  let at = 0;
  while (at + 4 <= buffer.length) {
    const length = Number.parseInt(buffer.toString('latin1', at, at + 4), 16);
    if (!/^[0-9a-f]{4}$/i.test(buffer.toString('latin1', at, at + 4)) || (length > 0 && length < 5)) return null;
    if (length === 0) return { used: at + 4, done: true };
    if (at + length > buffer.length) break;
    const line = buffer
      .toString('latin1', at + 4, at + length)
      .split('\0', 1)[0]!
      .replace(/\n$/, '');
    at += length;
    if (line.startsWith('shallow ')) continue;
    const [old, next, ref, ...rest] = line.split(' ');
    if (!old || !next || !ref || rest.length) return null;
    commands.push({ ref, deletes: /^0+$/.test(next), old, new: next });
  }
  return { used: at, done: false };
}

/** The commands of the push body in `path`, or null when they cannot be read within `maxBytes`. */
export async function readPushCommands(path: string, maxBytes = MAX_COMMAND_BYTES): Promise<PushCommand[] | null> {
  const file = await open(path, 'r');
  try {
    const commands: PushCommand[] = [];
    let pending = Buffer.alloc(0);
    for (let position = 0; position < maxBytes; ) {
      const chunk = Buffer.alloc(Math.min(64 * 1024, maxBytes - position));
      const { bytesRead } = await file.read(chunk, 0, chunk.length, position);
      if (bytesRead === 0) return null;
      position += bytesRead;
      pending = Buffer.concat([pending, chunk.subarray(0, bytesRead)]);
      const parsed = parse(pending, commands);
      if (parsed === null) return null;
      if (parsed.done) return commands;
      pending = pending.subarray(parsed.used);
    }
    return null;
  } finally {
    await file.close();
  }
}

/** A shell `case` pattern as a RegExp: `*` and `?` only; null for anything richer (brackets, escapes). */
function globPattern(pattern: string): RegExp | null {
  if (/[[\]\\]/.test(pattern)) return null;
  return new RegExp(
    `^${pattern
      .replace(/[.+^${}()|]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.')}$`,
    's',
  );
}

/** Whether the `update` hook, given these rules, could refuse one of `commands` (true when unsure). */
export function mayBeRefused(
  commands: PushCommand[] | null,
  refused: readonly string[],
  onlyRefs: readonly string[] | null,
): boolean {
  if (commands === null) return true;
  const patterns = refused.map(globPattern);
  if (patterns.some((pattern) => pattern === null)) return true;
  return commands.some(
    ({ ref, deletes }) =>
      patterns.some((pattern) => pattern!.test(ref)) || (onlyRefs !== null && (deletes || !onlyRefs.includes(ref))),
  );
}
