// People in git objects (`Name <email> 1215569610 +1200`) and in GitHub's
// bodies (`{name, email, date}`), both ways.
import { validationFailed } from '../errors/domain-error.js';
import { gitDate, isRecordableName, type GitIdentity } from '../repos/commit-identity.js';

export interface Person {
  name: string;
  email: string;
  date: string;
}

/** The latest instant an ISO 8601 body field can hold (a hostile push may record a later one). */
const MAX_SECONDS = 253402300799;

/** Seconds since 1970 as GitHub writes dates: UTC, no fraction (`2014-11-07T22:01:45Z`). */
export function isoSeconds(seconds: number): string {
  const clamped = Math.min(Math.max(Number.isFinite(seconds) ? seconds : 0, 0), MAX_SECONDS);
  return new Date(clamped * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** An ident line's value; anything unreadable (git accepts odd objects by push) becomes empty fields. */
export function parsePerson(value: string | undefined): Person {
  const match = /^(.*?) ?<([^>]*)> (-?\d+)(?: [+-]\d{4})?$/.exec(value ?? '');
  if (!match) return { name: value?.replace(/<.*$/, '').trim() ?? '', email: '', date: isoSeconds(0) };
  return { name: match[1]!, email: match[2]!, date: isoSeconds(Number(match[3])) };
}

/** A body's `{name, email, date?}` as a git identity; 422 for a date git cannot record. */
export function identityFromBody(
  resource: string,
  field: string,
  body: { name: string; email: string; date?: string },
): GitIdentity {
  const identity: GitIdentity = { name: body.name, email: body.email };
  if (body.date !== undefined) {
    const date = gitDate(body.date);
    if (!date)
      throw validationFailed([
        { resource, field: `${field}.date`, code: 'invalid', message: `${field}.date is not a date git can record` },
      ]);
    identity.date = date;
  }
  return identity;
}

/**
 * Names and emails go into an object header: no line breaks, angle brackets
 * or NULs; and git refuses a name made only of what it strips (isRecordableName).
 */
export function checkIdentity(resource: string, field: string, identity: GitIdentity): void {
  for (const part of ['name', 'email'] as const) {
    if (/[<>\n\0]/.test(identity[part])) {
      throw validationFailed([
        {
          resource,
          field: `${field}.${part}`,
          code: 'invalid',
          message: `${field}.${part} may not contain '<', '>', line breaks or NUL`,
        },
      ]);
    }
  }
  if (!isRecordableName(identity.name)) {
    throw validationFailed([
      {
        resource,
        field: `${field}.name`,
        code: 'invalid',
        message: `${field}.name consists only of characters git does not record`,
      },
    ]);
  }
}
