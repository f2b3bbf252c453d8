// Parsing an admin command's arguments, shared by every `wharf admin …`
// command: strict options, an exact number of positionals. A mistake in the
// call is a UsageError (exit 2), unlike a refused request (exit 1).
import { parseArgs } from 'node:util';

export class UsageError extends Error {}

export type Options = NonNullable<NonNullable<Parameters<typeof parseArgs>[0]>['options']>;

export function parseCommand<T extends Options>(args: string[], options: T, positionals: number) {
  const parsed = parseArgs({ args, options, allowPositionals: true, strict: true } as const);
  if (parsed.positionals.length !== positionals) throw new UsageError(`expected ${positionals} argument(s)`);
  return parsed;
}
