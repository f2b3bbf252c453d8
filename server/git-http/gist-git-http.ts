// Gists over git's smart HTTP, at `{public url}/gist/<id>.git` (the login
// `gist` is reserved, so this can be no repository's URL): the machinery of
// git-routes.ts (credentials, the `git` rate limit, push spool and slots,
// byte caps), asking access/gist-access.ts who may do what: anyone clones;
// only the owner, with a token that may write gists, pushes. A push may only
// move the gist's branch to a tip of flat files within the gist limits (the
// push hook refuses anything else, whole), and moves the gist's `updated_at`.
// Also the files' `raw_url`s: `/gist/<id>/raw/<blob sha>/<filename>`.
import type { H3, H3Event } from 'h3';
import { getRouterParam } from 'h3';
import { gistRefusal } from '../access/gist-access.js';
import type { Principal } from '../auth/principal.js';
import { GIST_REF, gistHead, gistRepositories } from '../gists/gist-git.js';
import { MAX_GIST_BYTES, MAX_GIST_FILES } from '../gists/gist-limits.js';
import { findGistByName, touchGist, type GistRow } from '../gists/gists-store.js';
import { mountDownload, notFound } from '../http/signed-download.js';
import type { Services } from '../services.js';
import type { GitService } from './git-access.js';
import { authenticationRequired, GitAnswer, repositoryNotFound } from './git-answer.js';
import { runGit, type GitRun } from './git-process.js';
import { mountGitPaths, type GitTargetOf, type PushPlace } from './git-routes.js';
import { gistPushEnv } from './push-hook.js';

const GIT_ENV = { GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_TERMINAL_PROMPT: '0' };

function gistName(event: H3Event): string {
  const raw = getRouterParam(event, 'gist', { decode: true }) ?? '';
  return raw.endsWith('.git') ? raw.slice(0, -4) : raw;
}

/** The gist, or git's answer for this caller: 404 for none, 401 to push anonymously, 403 to push otherwise. */
async function gistGitAccess(
  services: Services,
  name: string,
  principal: Principal,
  service: GitService,
): Promise<GistRow> {
  const gist = await findGistByName(services.sql, name);
  const action = service === 'git-receive-pack' ? 'write' : 'read';
  const refusal = gistRefusal(principal, gist, action);
  if (refusal === 'anonymous') throw authenticationRequired();
  if (!gist) throw repositoryNotFound();
  if (refusal === 'installation') throw new GitAnswer(403, 'Resource not accessible by integration');
  if (refusal !== null)
    throw new GitAnswer(
      403,
      `Permission to gist/${gist.name}.git denied to ${principal.kind === 'token' ? principal.user.login : 'you'}.`,
    );
  return gist;
}

/** A push to the gist: git applies it (the hook decides what it may), then the row learns that the branch moved. */
function gistPush(services: Services, gist: GistRow, start: (hold: Promise<unknown>) => GitRun) {
  const git = gistRepositories(services.config.dataDir);
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const started = gistHead(git, gist.id).then((before) => ({ run: start(held), before }));
  const settled = started
    .then(async ({ run, before }) => {
      await run.exited;
      if ((await gistHead(git, gist.id)) !== before) await touchGist(services.sql, gist.id);
    })
    .catch((error: unknown) => services.log.warn('gist push recorded late', { gistId: gist.id, error: String(error) }))
    .finally(release);
  return { response: started.then(({ run }) => run.response), settled };
}

function gistTarget(services: Services): GitTargetOf {
  return async (event, principal, service) => {
    const gist = await gistGitAccess(services, gistName(event), principal, service);
    return {
      gitDir: gistRepositories(services.config.dataDir).pathOf(gist.id),
      pushEnv: gistPushEnv(GIST_REF, MAX_GIST_FILES, MAX_GIST_BYTES),
      hookNeeded: () => true,
      push: (start) => gistPush(services, gist, start),
    };
  };
}

/** A file's bytes by blob sha (any object of a gist is the gist's: anyone with its id reads it), as text/plain. */
async function rawFile(event: H3Event, services: Services): Promise<Response> {
  const gist = await findGistByName(services.sql, getRouterParam(event, 'gist') ?? '');
  const sha = getRouterParam(event, 'sha') ?? '';
  if (!gist || !/^[0-9a-f]{40}$/.test(sha)) return notFound();
  const git = gistRepositories(services.config.dataDir);
  if ((await git.objectType(gist.id, sha)) !== 'blob') return notFound();
  const response = await runGit({
    args: ['--git-dir', git.pathOf(gist.id), 'cat-file', 'blob', sha],
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...GIT_ENV },
    input: null,
    contentType: 'text/plain; charset=utf-8',
  }).response;
  if (response.status !== 200) return notFound();
  response.headers.set('etag', `"${sha}"`);
  response.headers.set('x-content-type-options', 'nosniff');
  response.headers.set('cache-control', 'max-age=300');
  return response;
}

export function mountGistGitHttp(app: H3, services: Services, place: PushPlace): void {
  mountDownload(app, services, '/gist/:gist/raw/:sha/:filename', 'gist raw', (event) => rawFile(event, services));
  const paths = ['/gist/:gist/info/refs', '/gist/:gist/git-upload-pack', '/gist/:gist/git-receive-pack'] as const;
  mountGitPaths(app, services, place, paths, gistTarget(services));
}
