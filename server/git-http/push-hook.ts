// The per-ref check of a push, run by git itself: receive-pack is started
// with `-c core.hooksPath=<dir>` holding this `update` hook, which git runs
// once per ref (`<ref> <old> <new>`) with the pushed objects quarantined; it
// refuses a ref matching a pattern the server passed in WHARF_REFUSED_REFS,
// and, when WHARF_ONLY_REFS is set (a maintainer's grant), every ref not
// named in it and every deletion.
// Git reports that ref as "hook declined" and applies the others, or none of
// them for an `--atomic` push (git's own rule). Why this shape: the server decides the rules for this
// caller and repository before git starts (it has the database; git has
// not), and the hook only applies them, with git at hand for what needs the
// objects (branch protection's "no force push" is `git merge-base
// --is-ancestor` on the quarantined objects). Later rules add variables, not
// round trips from the hook back to the server.
import { chmod, mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Refs nobody pushes to: pull request refs are the server's (GitHub: "deny
 * updating a hidden ref"). Not `receive.hideRefs`, which gives GitHub's
 * wording: git 2.39 then applies the other refs of an `--atomic` push
 * (tried; git-push-pushers.test.ts would catch it), and atomic pushes must stay whole.
 */
export const ALWAYS_REFUSED = ['refs/pull/*'];

const UPDATE_HOOK = `#!/bin/sh
# Written by Wharf (server/git-http/push-hook.ts); rewritten at every start.
set -f  # patterns are matched by case, never expanded against files
ref=$1
for pattern in $WHARF_REFUSED_REFS; do
  case "$ref" in
    $pattern) echo "error: refusing to update $ref: the server owns it" >&2; exit 1 ;;
  esac
done
if [ -n "\${WHARF_ONLY_REFS+set}" ]; then
  allowed=no
  for only in $WHARF_ONLY_REFS; do
    [ "$ref" = "$only" ] && allowed=yes
  done
  case "$3" in *[!0]*) ;; *) allowed=no ;; esac
  if [ $allowed = no ]; then
    echo "error: refusing to update $ref: maintainers may only push to the pull request's head branch" >&2
    exit 1
  fi
fi
exit 0
`;

/** Writes the hook directory under the data directory; returns its path for core.hooksPath. */
export async function installPushHooks(dataDir: string): Promise<string> {
  const dir = join(dataDir, 'git-hooks');
  await mkdir(noHooksDir(dir), { recursive: true });
  // Written aside and renamed: another process (serve, worker) may be running git with it.
  const temporary = join(dir, `.update-${process.pid}`);
  await writeFile(temporary, UPDATE_HOOK);
  await chmod(temporary, 0o755);
  await rename(temporary, join(dir, 'update'));
  return dir;
}

/**
 * An empty directory beside the hook, for core.hooksPath of a push none of
 * whose refs the hook could refuse (push-commands.ts): git then starts no
 * shell per ref.
 */
export function noHooksDir(hooksDir: string): string {
  return join(hooksDir, 'none');
}

/** The hook's environment for a push limited to `refs` (exact names; git ref names hold no blanks), or nothing. */
export function onlyRefsEnv(refs: readonly string[] | null): Record<string, string> {
  return refs === null ? {} : { WHARF_ONLY_REFS: refs.join(' ') };
}

/** The hook's environment for one push. */
export function pushHookEnv(refused: readonly string[] = ALWAYS_REFUSED): Record<string, string> {
  return { WHARF_REFUSED_REFS: refused.join(' ') };
}
