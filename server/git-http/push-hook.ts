// The per-ref check of a push, run by git itself: receive-pack is started
// with `-c core.hooksPath=<dir>` holding this `update` hook, which git runs
// once per ref (`<ref> <old> <new>`) with the pushed objects quarantined; it
// refuses a ref matching a pattern the server passed in WHARF_REFUSED_REFS,
// and, when WHARF_ONLY_REFS is set (a maintainer's grant, a gist's branch),
// every ref not named in it and every deletion; with WHARF_GIST_MAX_FILES
// (a gist), a tip whose tree is not flat files within the gist limits.
// Git reports that ref as "hook declined" and applies the others, or none of
// them for an `--atomic` push (git's own rule). Why this shape: the server decides the rules for this
// caller and repository before git starts (it has the database; git has
// not), and the hook only applies them, with git at hand for what needs the
// objects (branch protection's "no force push" is `git merge-base
// --is-ancestor` on the quarantined objects). Later rules add variables, not
// round trips from the hook back to the server. WHARF_PROTECTED holds the
// branch protection rules for this caller (branch-protection/push-protection.ts),
// one `<ref pattern>\t<flags>\t<reason>` a line: a reason refuses at once
// (decided by the server: a pull request or status checks are required);
// flags L (locked), D (no deletion), F (no force push) and M (no merge
// commits) are checked here (U: the reason is for updates, not deletions),
// GitHub's GH006 lines on stderr.
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
export WHARF_REF="$ref"
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
    echo "error: refusing to update $ref: \${WHARF_ONLY_REFS_REASON:-maintainers may only push to the pull request's head branch}" >&2
    exit 1
  fi
fi
if [ -n "\${WHARF_GIST_MAX_FILES+set}" ]; then
  git ls-tree -l "$3" | awk -v files="$WHARF_GIST_MAX_FILES" -v bytes="$WHARF_GIST_MAX_BYTES" '
    $2 != "blob" || $1 == "120000" { bad = "gists hold files only: no directories, submodules or symlinks"; exit }
    { n++; total += $4 }
    END {
      if (bad == "" && n == 0) bad = "a gist needs at least one file"
      if (bad == "" && n > files) bad = "a gist holds at most " files " files"
      if (bad == "" && total > bytes) bad = "a gist holds at most " bytes " bytes"
      if (bad != "") { print "error: refusing to update " ENVIRON["WHARF_REF"] ": " bad; exit 1 }
    }' >&2 || exit 1
fi
if [ -n "\${WHARF_PROTECTED+set}" ]; then
  tab=$(printf '\t')
  printf '%s\n' "$WHARF_PROTECTED" | while IFS="$tab" read -r pattern flags reason; do
    [ -n "$pattern" ] || continue
    case "$ref" in $pattern) ;; *) continue ;; esac
    why=
    gone=no; case "$3" in *[!0]*) ;; *) gone=yes ;; esac
    fresh=no; case "$2" in *[!0]*) ;; *) fresh=yes ;; esac
    case "$flags" in *L*) why="Cannot change this locked branch" ;; esac
    if [ -z "$why" ] && [ $gone = yes ]; then
      case "$flags" in *D*) why="Cannot delete this protected branch" ;; *U*) ;; *) why=$reason ;; esac
    elif [ -z "$why" ]; then
      why=$reason
      if [ -z "$why" ] && [ $fresh = no ]; then
        case "$flags" in *F*) git merge-base --is-ancestor "$2" "$3" || why="Cannot force-push to this branch" ;; esac
      fi
      if [ -z "$why" ]; then
        case "$flags" in *M*)
          if [ $fresh = yes ]; then merge=$(git rev-list --min-parents=2 --max-count=1 "$3" --)
          else merge=$(git rev-list --min-parents=2 --max-count=1 "$3" "^$2" --); fi
          [ -n "$merge" ] && why="This branch must not contain merge commits. Found 1 violation: $merge" ;;
        esac
      fi
    fi
    if [ -n "$why" ]; then
      printf 'error: GH006: Protected branch update failed for %s.\nerror: %s\n' "$ref" "$why" >&2
      exit 1
    fi
    exit 0
  done || exit 1
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

/**
 * The hook's environment for a push to a gist: only its branch, never
 * deleted, and a tip whose tree fits a gist (flat files, within the limits
 * REST writes have, gists/gist-limits.ts). Refused there, a push leaves
 * nothing behind: its objects stay in git's quarantine and go.
 */
export function gistPushEnv(branchRef: string, maxFiles: number, maxBytes: number): Record<string, string> {
  return {
    ...onlyRefsEnv([branchRef]),
    WHARF_ONLY_REFS_REASON: `a gist has one branch, ${branchRef.replace('refs/heads/', '')}, which is never deleted`,
    WHARF_GIST_MAX_FILES: String(maxFiles),
    WHARF_GIST_MAX_BYTES: String(maxBytes),
  };
}

/** The hook's environment for one push. */
export function pushHookEnv(refused: readonly string[] = ALWAYS_REFUSED): Record<string, string> {
  return { WHARF_REFUSED_REFS: refused.join(' ') };
}
