// Git's smart HTTP protocol at the clone URL, `{public url}/{owner}/{repo}.git`
// (also without `.git`, as GitHub): `GET info/refs?service=…` advertises the
// refs, `POST git-upload-pack` serves a fetch and `POST git-receive-pack`
// applies a push, each by git's own machinery (git-process.ts). Not REST:
// git's answers (git-answer.ts), the `git` rate-limit resource, and no REST
// body cap or deadline. Mounted before the catch-all 404.
import { pushActorOf } from '../branch-protection/push-restrictions.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { H3, H3Event } from 'h3';
import { getRouterParam } from 'h3';
import { isDatabaseUnavailable } from '../db/database-unavailable.js';
import { clientIp } from '../http/client-ip.js';
import { errorFields } from '../log.js';
import type { Services } from '../services.js';
import { changeRefs } from '../webhooks/ref-change-events.js';
import { answerResponse, GitAnswer } from './git-answer.js';
import { gitAccess, type GitService } from './git-access.js';
import { gitPrincipal } from './git-credentials.js';
import { gitCommand, gitEnv, serviceAnnouncement } from './git-env.js';
import { runGit, type GitRun } from './git-process.js';
import type { Principal } from '../auth/principal.js';
import type { PushSlots } from './push-slots.js';
import { readPushCommands, mayBeRefused, type PushCommand } from './push-commands.js';
import { ALWAYS_REFUSED, noHooksDir, onlyRefsEnv } from './push-hook.js';
import { spoolPushBody } from './push-spool.js';
import { pushProtectionEnv } from '../branch-protection/push-protection.js';
import { rateHeaders } from '../rate-limit/rate-headers.js';
import { takeGitRequest } from './git-rate-limit.js';

const SERVICES: readonly GitService[] = ['git-upload-pack', 'git-receive-pack'];

/**
 * Cap of a fetch request body (the client's wants and haves): megabytes for
 * the largest negotiations, so 64 MiB only stops an endless body from
 * keeping upload-pack busy.
 */
export const MAX_FETCH_BODY_BYTES = 64 * 1024 * 1024;

function repoName(event: H3Event): string {
  const raw = getRouterParam(event, 'repo', { decode: true }) ?? '';
  return raw.endsWith('.git') ? raw.slice(0, -4) : raw;
}

/** Where a push's body waits for git, and how many pushes apply at once (push-spool.ts, push-slots.ts). */
export interface PushPlace {
  hooksDir: string;
  spoolDir: string;
  slots: PushSlots;
}

/**
 * What a git request serves, once its caller may: the bare repository, the
 * push hook's environment for this caller, whether the hook must run for a
 * push's commands, and how a push is applied (a repository's as a ref
 * change; a gist's in git-http/gist-git-http.ts).
 */
export interface GitTarget {
  gitDir: string;
  pushEnv: Record<string, string>;
  hookNeeded: (commands: PushCommand[] | null) => boolean;
  /** The hook's branch protection rules for a push's commands ({}: none hold the caller). */
  protectionEnv?: (commands: PushCommand[] | null) => Promise<Record<string, string>>;
  push: (start: (hold: Promise<unknown>) => GitRun) => { response: Promise<Response>; settled: Promise<void> };
}

export type GitTargetOf = (event: H3Event, principal: Principal, service: GitService) => Promise<GitTarget>;

/** A repository at `/{owner}/{repo}.git`: the access of git-access.ts, pushes as ref changes. */
function repositoryTarget(services: Services): GitTargetOf {
  return async (event, principal, service) => {
    const { repo, onlyRefs, permission } = await gitAccess(
      services,
      getRouterParam(event, 'owner', { decode: true }) ?? '',
      repoName(event),
      principal,
      service,
    );
    return {
      gitDir: services.git.pathOf(repo.id),
      pushEnv: onlyRefsEnv(onlyRefs),
      hookNeeded: (commands) => mayBeRefused(commands, ALWAYS_REFUSED, onlyRefs),
      protectionEnv: (commands) => pushProtectionEnv(services.sql, repo, permission, commands, pushActorOf(principal)),
      push: (start) => push(services, repo, principal, start),
    };
  };
}

export async function serveGit(
  event: H3Event,
  services: Services,
  place: PushPlace,
  service: GitService | null,
  advertise: boolean,
  targetOf: GitTargetOf,
): Promise<Response> {
  let headers: Record<string, string> = {};
  try {
    if (!service) throw new GitAnswer(403, 'Smart HTTP only: the dumb HTTP protocol is not served.');
    const principal = await gitPrincipal(services, event.req.headers.get('authorization'));
    headers = rateHeaders(await takeGitRequest(services, principal, clientIp(event, services.config.trustProxy)));
    const target = await targetOf(event, principal, service);
    const protocol = event.req.headers.get('git-protocol');
    const options = {
      args: gitCommand(service, target.gitDir, place.hooksDir, advertise),
      env: { ...gitEnv(service, protocol), ...(service === 'git-receive-pack' ? target.pushEnv : {}) },
      contentType: `application/x-${service}-${advertise ? 'advertisement' : 'result'}`,
      prefix: advertise ? serviceAnnouncement(service, protocol) : undefined,
      input: null,
    };
    let response: Response;
    if (advertise) {
      response = await runGit(options).response;
    } else {
      if (event.req.headers.get('content-type') !== `application/x-${service}-request`)
        throw new GitAnswer(415, 'Unsupported Media Type');
      const maxBytes = service === 'git-receive-pack' ? services.config.git.maxPushBytes : MAX_FETCH_BODY_BYTES;
      const declared = Number(event.req.headers.get('content-length') ?? NaN);
      if (declared > maxBytes)
        throw new GitAnswer(413, `Request exceeds the size limit of ${maxBytes} bytes`, { connection: 'close' });
      const node = event.runtime?.node;
      if (!node?.req) throw new Error('git over HTTP needs the Node server');
      const req = node.req as IncomingMessage;
      if (/^100-continue$/i.test(req.headers.expect ?? '') && node.res && !node.res.headersSent)
        (node.res as ServerResponse).writeContinue();
      const input = {
        req,
        gzip: /^(x-)?gzip$/i.test(event.req.headers.get('content-encoding') ?? ''),
        maxBytes,
        idleTimeoutMs: services.config.git.idleTimeoutMs,
      };
      if (service === 'git-upload-pack') {
        response = await runGit({ ...options, input }).response;
      } else {
        const body = await spoolPushBody(input, place.spoolDir);
        // The per-ref hook only where it could refuse a ref (push-commands.ts): a shell per ref costs seconds for a thousand.
        const commands = await readPushCommands(body.path).catch(() => null);
        const protection = (await target.protectionEnv?.(commands)) ?? {};
        const guarded = target.hookNeeded(commands) || Object.keys(protection).length > 0;
        const hooksDir = guarded ? place.hooksDir : noHooksDir(place.hooksDir);
        const args = gitCommand(service, target.gitDir, hooksDir, false);
        Object.assign(options.env, protection);
        const release = await place.slots.acquire();
        const applied = target.push((hold) => runGit({ ...options, args, input: { file: body.path }, hold }));
        void applied.settled.finally(() => {
          release();
          return body.discard();
        });
        response = await applied.response;
      }
    }
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  } catch (error) {
    if (error instanceof GitAnswer) return answerResponse(error, headers);
    if (isDatabaseUnavailable(error))
      return answerResponse(
        new GitAnswer(503, 'Service unavailable, try again later', { 'retry-after': '5' }),
        headers,
      );
    services.log.error('git request failed', { path: event.url.pathname, ...errorFields(error) });
    return answerResponse(new GitAnswer(500, 'Internal server error'), headers);
  }
}

/**
 * A push as a ref change (ref-change-events.ts): receive-pack runs as the
 * change itself, under the repository's sync lock, and the response ends
 * only once the push's events are recorded. `settled` resolves once that
 * change is over (the caller holds the push's slot and spooled body until
 * then); it never rejects.
 */
function push(
  services: Services,
  repo: Parameters<typeof changeRefs>[1],
  principal: Parameters<typeof changeRefs>[2],
  start: (hold: Promise<unknown>) => GitRun,
): { response: Promise<Response>; settled: Promise<void> } {
  let settle!: () => void;
  const held = new Promise<void>((resolve) => {
    settle = resolve;
  });
  let started!: (run: GitRun) => void;
  const running = new Promise<GitRun>((resolve) => {
    started = resolve;
  });
  const change = changeRefs(services, repo, principal, async () => {
    const run = start(held);
    started(run);
    await run.exited;
    return true;
  }).finally(settle);
  const settled = change.then(
    () => {},
    (error: unknown) => {
      services.log.warn('push recorded late', { repositoryId: repo.id, error: String(error) });
    },
  );
  // Until git starts, a failure (the database) is this request's answer; after, the client has git's.
  const response = Promise.race([running, change.then(() => running)]).then((run) => run.response);
  return { response, settled };
}

export function mountGitHttp(app: H3, services: Services, place: PushPlace): void {
  const paths = ['/:owner/:repo/info/refs', '/:owner/:repo/git-upload-pack', '/:owner/:repo/git-receive-pack'] as const;
  mountGitPaths(app, services, place, paths, repositoryTarget(services));
}

/** The three smart-HTTP routes (`info/refs`, `git-upload-pack`, `git-receive-pack`) of one kind of target. */
export function mountGitPaths(
  app: H3,
  services: Services,
  place: PushPlace,
  paths: readonly [string, string, string],
  targetOf: GitTargetOf,
): void {
  app.get(paths[0], (event) => {
    const requested = event.url.searchParams.get('service') as GitService;
    return serveGit(event, services, place, SERVICES.includes(requested) ? requested : null, true, targetOf);
  });
  app.post(paths[1], (event) => serveGit(event, services, place, 'git-upload-pack', false, targetOf));
  app.post(paths[2], (event) => serveGit(event, services, place, 'git-receive-pack', false, targetOf));
}
