// The per-ref check of a push, run by git itself: receive-pack is started
// with `-c core.hooksPath=<dir>` holding this pre-receive script, which reads
// git's `<old> <new> <ref>` lines and refuses the whole push (git reports
// every ref as "pre-receive hook declined", and `--atomic` or not, nothing
// changes) when one ref matches a pattern the server passed in
// WHARF_REFUSED_REFS. Why this shape: the server decides the rules for this
// caller and repository before git starts (it has the database; git has
// not), and the hook only applies them, with git at hand for what needs the
// objects (branch protection's "no force push" is `git merge-base
// --is-ancestor` on the quarantined objects). Later rules add variables, not
// round trips from the hook back to the server.
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Refs nobody pushes to: pull request refs are the server's (GitHub: "deny updating a hidden ref"). */
export const ALWAYS_REFUSED = ['refs/pull/*'];

const PRE_RECEIVE = `#!/bin/sh
# Written by Wharf (server/git-http/push-hook.ts); rewritten at every start.
set -f  # patterns are matched by case, never expanded against files
status=0
while read -r old new ref; do
  for pattern in $WHARF_REFUSED_REFS; do
    case "$ref" in
      $pattern) echo "error: refusing to update $ref: the server owns it" >&2; status=1 ;;
    esac
  done
done
exit $status
`;

/** Writes the hook directory under the data directory; returns its path for core.hooksPath. */
export async function installPushHooks(dataDir: string): Promise<string> {
  const dir = join(dataDir, 'git-hooks');
  await mkdir(dir, { recursive: true });
  const file = join(dir, 'pre-receive');
  await writeFile(file, PRE_RECEIVE);
  await chmod(file, 0o755);
  return dir;
}

/** The hook's environment for one push. */
export function pushHookEnv(refused: readonly string[] = ALWAYS_REFUSED): Record<string, string> {
  return { WHARF_REFUSED_REFS: refused.join(' ') };
}
