// Git's smart HTTP protocol at the clone URL, `{public url}/{owner}/{repo}.git`
// (also without `.git`, as GitHub): `GET info/refs?service=…` advertises the
// refs, `POST git-upload-pack` serves a fetch and `POST git-receive-pack`
// applies a push, each by git's own machinery (git-process.ts). Not REST:
// git's answers (git-answer.ts), the `git` rate-limit resource, and no REST
// body cap or deadline. Mounted before the catch-all 404.
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
import { rateHeaders, takeGitRequest } from './git-rate-limit.js';

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

async function serve(event: H3Event, services: Services, hooksDir: string, service: GitService | null, advertise: boolean): Promise<Response> {
  let headers: Record<string, string> = {};
  try {
    if (!service) throw new GitAnswer(403, 'Smart HTTP only: the dumb HTTP protocol is not served.');
    const principal = await gitPrincipal(services, event.req.headers.get('authorization'));
    headers = rateHeaders(await takeGitRequest(services, principal, clientIp(event, services.config.trustProxy)));
    const repo = await gitAccess(services, getRouterParam(event, 'owner', { decode: true }) ?? '', repoName(event), principal, service);
    const protocol = event.req.headers.get('git-protocol');
    const options = {
      args: gitCommand(service, services.git.pathOf(repo.id), hooksDir, advertise),
      env: gitEnv(service, protocol),
      contentType: `application/x-${service}-${advertise ? 'advertisement' : 'result'}`,
      prefix: advertise ? serviceAnnouncement(service, protocol) : undefined,
      input: null,
    };
    let response: Response;
    if (advertise) {
      response = await runGit(options).response;
    } else {
      if (event.req.headers.get('content-type') !== `application/x-${service}-request`) throw new GitAnswer(415, 'Unsupported Media Type');
      const maxBytes = service === 'git-receive-pack' ? services.config.git.maxPushBytes : MAX_FETCH_BODY_BYTES;
      const declared = Number(event.req.headers.get('content-length') ?? NaN);
      if (declared > maxBytes) throw new GitAnswer(413, `Request exceeds the size limit of ${maxBytes} bytes`, { connection: 'close' });
      const node = event.runtime?.node;
      if (!node?.req) throw new Error('git over HTTP needs the Node server');
      const req = node.req as IncomingMessage;
      if (/^100-continue$/i.test(req.headers.expect ?? '') && node.res && !node.res.headersSent) (node.res as ServerResponse).writeContinue();
      const input = { req, gzip: /^(x-)?gzip$/i.test(event.req.headers.get('content-encoding') ?? ''), maxBytes, idleTimeoutMs: services.config.git.idleTimeoutMs };
      response = service === 'git-upload-pack'
        ? await runGit({ ...options, input }).response
        : await push(services, repo, principal, (hold) => runGit({ ...options, input, hold }));
    }
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  } catch (error) {
    if (error instanceof GitAnswer) return answerResponse(error, headers);
    if (isDatabaseUnavailable(error)) return answerResponse(new GitAnswer(503, 'Service unavailable, try again later', { 'retry-after': '5' }), headers);
    services.log.error('git request failed', { path: event.url.pathname, ...errorFields(error) });
    return answerResponse(new GitAnswer(500, 'Internal server error'), headers);
  }
}

/**
 * A push as a ref change (ref-change-events.ts): receive-pack runs as the
 * change itself, under the repository's sync lock, and the response ends
 * only once the push's events are recorded.
 */
async function push(services: Services, repo: Parameters<typeof changeRefs>[1], principal: Parameters<typeof changeRefs>[2], start: (hold: Promise<unknown>) => GitRun): Promise<Response> {
  let settle!: () => void;
  const held = new Promise<void>((resolve) => { settle = resolve; });
  let started!: (run: GitRun) => void;
  const running = new Promise<GitRun>((resolve) => { started = resolve; });
  const change = changeRefs(services, repo, principal, async () => {
    const run = start(held);
    started(run);
    await run.exited;
    return true;
  }).finally(settle);
  // Until git starts, a failure (the database) is this request's answer; after, the client has git's.
  const run = await Promise.race([running, change.then(() => running)]);
  change.catch((error: unknown) => services.log.warn('push recorded late', { repositoryId: repo.id, error: String(error) }));
  return run.response;
}

export function mountGitHttp(app: H3, services: Services, hooksDir: string): void {
  const paths = ['/:owner/:repo/info/refs', '/:owner/:repo/git-upload-pack', '/:owner/:repo/git-receive-pack'];
  app.get(paths[0]!, (event) => {
    const requested = event.url.searchParams.get('service') as GitService;
    return serve(event, services, hooksDir, SERVICES.includes(requested) ? requested : null, true);
  });
  app.post(paths[1]!, (event) => serve(event, services, hooksDir, 'git-upload-pack', false));
  app.post(paths[2]!, (event) => serve(event, services, hooksDir, 'git-receive-pack', false));
}
