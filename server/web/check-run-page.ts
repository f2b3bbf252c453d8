// `/{owner}/{repo}/runs/{check_run_id}`: a check run's page (its `html_url`),
// for whoever may read the repository (a private one is the same 404 page as
// a missing one to everyone else, as on GitHub). Signed-in users with write
// access (GitHub: push access) get the app's action buttons, each a form
// (CSRF-protected like the settings forms) that sends the run's app
// `check_run requested_action`, and "Re-run", the same as REST
// checks/rerequest-run. Both answer 303 back to the page with a notice.
import { getRouterParam, type H3, type H3Event } from 'h3';
import { loadCheckContext } from '../checks/check-context.js';
import { requestRunAction, rerequestRun } from '../checks/check-run-requests.js';
import type { CheckRequest } from '../checks/check-request.js';
import type { CheckRunRow } from '../checks/check-rows.js';
import { findRun, listAnnotations } from '../checks/check-runs-store.js';
import { restStatus } from '../http/domain-error-reply.js';
import type { Permission } from '../access/permissions.js';
import { mayPush } from '../access/push-permission.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { simpleUser } from '../repos/user-view.js';
import type { Services } from '../services.js';
import { notice, refusal, runPage, runPagePath } from './check-run-view.js';
import { formHandler } from './form-handler.js';
import { escapeHtml, htmlResponse, page, redirect } from './html.js';
import { csrfMatches, type WebSession } from './sessions-store.js';
import { requireSession } from './settings-layout.js';
import { currentSession, formParams, sessionPermission } from './web-request.js';

const ROUTE = '/:owner/:repo/runs/:check_run_id';
const RUN_ID = /^[1-9][0-9]{0,15}$/;
/** Annotations shown on the page; the rest are counted (the API lists them all). */
const SHOWN_ANNOTATIONS = 200;

interface Found {
  repo: RepositoryRow;
  run: CheckRunRow;
  permission: Permission | null;
}

const notFoundPage = () =>
  htmlResponse(404, page('Page not found', '<p>There is no such page, or you do not have access to it.</p>'));

/** The repository and run the route names, when the caller may read them; null answers 404. */
async function findRunFor(event: H3Event, services: Services, session: WebSession | null): Promise<Found | null> {
  const rawId = getRouterParam(event, 'check_run_id') ?? '';
  if (!RUN_ID.test(rawId)) return null;
  // Owner and repository names are [A-Za-z0-9._-]: nothing to decode.
  const repo = await services.repos.find(getRouterParam(event, 'owner') ?? '', getRouterParam(event, 'repo') ?? '');
  if (!repo) return null;
  const permission = await sessionPermission(services, repo, session);
  if (permission === null) return null;
  const run = await findRun(services.sql, repo.id, Number(rawId));
  return run ? { repo, run, permission } : null;
}

async function render(
  services: Services,
  found: Found,
  session: WebSession | null,
  status: number,
  message: (appName: string | null) => string,
): Promise<Response> {
  const { repo, run, permission } = found;
  const ctx = await loadCheckContext(services.sql, repo, services.urls, { appIds: [run.app_id], shas: [] });
  const appName = ctx.apps.get(run.app_id)?.name ?? null;
  return htmlResponse(
    status,
    runPage({
      owner: repo.owner_login,
      repo: repo.name,
      run,
      appName,
      annotations: await listAnnotations(services.sql, run.id, SHOWN_ANNOTATIONS, 0),
      actor: session && mayPush(permission) ? session : null,
      message: message(appName),
    }),
  );
}

/**
 * What both buttons check before acting: signed in (else to sign-in and
 * back to the page), may read (else 404), the form is this session's (else
 * 403), may push (else 403). Nothing is sent unless all hold.
 */
async function buttonPress(
  event: H3Event,
  services: Services,
): Promise<{ session: WebSession; found: Found; form: URLSearchParams } | Response> {
  const pagePath = `/${getRouterParam(event, 'owner')}/${getRouterParam(event, 'repo')}/runs/${getRouterParam(event, 'check_run_id')}`;
  const session = await requireSession(event, services, pagePath);
  if (session instanceof Response) return session;
  const found = await findRunFor(event, services, session);
  if (!found) return notFoundPage();
  const form = await formParams(event, services);
  if (!csrfMatches(session, form.get('csrf') ?? undefined)) {
    return htmlResponse(
      403,
      page(
        'Request refused',
        `${refusal('This form has expired or did not come from this site. Nothing was sent.')}
<p><a href="${escapeHtml(pagePath)}">Reload the page</a> and try again.</p>`,
      ),
    );
  }
  if (!mayPush(found.permission))
    return render(services, found, session, 403, () =>
      refusal('You need write access to the repository to do this. Nothing was sent.'),
    );
  return { session, found, form };
}

const requestOf = (services: Services, session: WebSession, repo: RepositoryRow): CheckRequest => ({
  sql: services.sql,
  git: services.git,
  urls: services.urls,
  repo,
  sender: simpleUser(
    { id: session.userId, login: session.login, kind: 'User', site_admin: session.siteAdmin },
    services.urls,
  ),
});

const backToPage = (found: Found, key: string) =>
  redirect(`${runPagePath(found.repo.owner_login, found.repo.name, found.run.id)}?notice=${key}`);

/**
 * A run's old address after its repository was renamed or moved: GitHub's
 * 301 to the current one, only for callers who may read it (to anyone else
 * the old name stays the 404 page, so a private repository's new name does not leak).
 */
async function movedPage(event: H3Event, services: Services, session: WebSession | null): Promise<Response | null> {
  const runId = getRouterParam(event, 'check_run_id') ?? '';
  if (!RUN_ID.test(runId)) return null;
  const id = await services.repos.movedTo(getRouterParam(event, 'owner') ?? '', getRouterParam(event, 'repo') ?? '');
  const repo = id === null ? null : await services.repos.byId(id);
  if (!repo || (await sessionPermission(services, repo, session)) === null) return null;
  const location = `/${repo.owner_login}/${repo.name}/runs/${runId}${event.url.search}`;
  return new Response(null, { status: 301, headers: { location, 'cache-control': 'no-store' } });
}

export function mountCheckRunPage(app: H3, services: Services): void {
  app.get(ROUTE, async (event) => {
    const session = await currentSession(event, services);
    const found = await findRunFor(event, services, session);
    if (!found) return (await movedPage(event, services, session)) ?? notFoundPage();
    return render(services, found, session, 200, (appName) => notice(event.url.searchParams.get('notice'), appName));
  });

  app.post(
    `${ROUTE}/requested-action`,
    formHandler(async (event) => {
      const press = await buttonPress(event, services);
      if (press instanceof Response) return press;
      const { session, found, form } = press;
      const result = await requestRunAction(
        requestOf(services, session, found.repo),
        found.run.id,
        form.get('identifier') ?? '',
      );
      if (result === 'no-run') return notFoundPage();
      if (result === 'unknown-action')
        return render(services, found, session, 422, () =>
          refusal('This check run offers no such action. Nothing was sent.'),
        );
      return backToPage(found, 'requested-action');
    }),
  );

  app.post(
    `${ROUTE}/rerequest`,
    formHandler(async (event) => {
      const press = await buttonPress(event, services);
      if (press instanceof Response) return press;
      const { session, found } = press;
      try {
        await rerequestRun(requestOf(services, session, found.repo), found.run);
      } catch (error) {
        // REST's 422 for a run that has not finished: the page says so instead.
        if (restStatus(error) !== 422) throw error;
        return render(services, found, session, 422, () =>
          refusal('This check run has not completed yet, so it cannot be re-run. Nothing was sent.'),
        );
      }
      return backToPage(found, 'rerequest');
    }),
  );
}
