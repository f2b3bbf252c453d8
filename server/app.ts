// Builds the h3 app from config and a database handle. REST is served at the
// root and again under /api/v3 (GitHub Enterprise's layout, so Octokit with
// baseUrl {base}/api/v3 finds GraphQL at {base}/api/graphql).
import { H3, type H3Event } from 'h3';
import { authenticateAppJwt } from './apps/handlers/app-jwt-authentication.js';
import type { Config } from './config.js';
import type { Sql } from './db/database.js';
import { isDatabaseUnavailable, unavailableReason } from './db/database-unavailable.js';
import { gitDownload } from './git-http/git-download.js';
import { mountGitHttp } from './git-http/git-routes.js';
import { mountGistGitHttp } from './git-http/gist-git-http.js';
import { installPushHooks } from './git-http/push-hook.js';
import { PushSlots } from './git-http/push-slots.js';
import { preparePushSpool } from './git-http/push-spool.js';
import { mountGraphql } from './graphql/mount.js';
import { handlers } from './handlers.js';
import { ApiError } from './http/api-error.js';
import { notFound } from './errors/domain-error.js';
import { operationRoute } from './http/operation-runner.js';
import { runPipeline, type PluggedAuthModes } from './http/pipeline.js';
import {
  allowHeader,
  REST_PREFIXES,
  restRoutes,
  routeAliases,
  type RouteTarget,
  teamIdAliases,
} from './http/rest-routes.js';
import { teamIdParams } from './teams/team-id-aliases.js';
import { mountArchiveDownloads } from './archives/handlers/archive-download.js';
import { mountRawDownloads } from './contents/handlers/raw-download.js';
import { mountAssetDownloads } from './release-assets/handlers/asset-download.js';
import { mountBrowserDownloads } from './web/release-download.js';
import { mountAssetUploads } from './release-assets/handlers/upload-route.js';
import { runRouteTarget } from './http/route-runner.js';
import { errorFields, type Logger } from './log.js';
import { authenticateOAuthClient } from './oauth/client-credentials.js';
import { routeTable } from './generated/routes.js';
import { createServices, type Services } from './services.js';
import { startMergeabilityWorker } from './pulls/merge/mergeability-worker.js';
import { startAutoMergeWorker } from './pulls/auto-merge/auto-merge-worker.js';
import { serviceIdentity } from './repos/commit-identity.js';
import { startLicenseBackfill } from './licenses/license-backfill.js';
import { startWebhookRuntime, type WebhookRuntime } from './webhooks/webhook-runtime.js';
import { mountCheckRunPage } from './web/check-run-page.js';
import { mountConsentPage } from './web/consent-page.js';
import { mountDevicePage } from './web/device-page.js';
import { mountLoginPages } from './web/login-page.js';
import { mountSettingsApplicationsPage } from './web/settings-applications-page.js';
import { mountSettingsTokensPage } from './web/settings-tokens-page.js';
import { unavailablePage } from './web/unavailable-page.js';

export interface WharfApp {
  app: H3;
  services: Services;
  close(): Promise<void>;
}

/** The capabilities' own ways in: an app's JWT, an OAuth app's client id and secret. */
const authModes: PluggedAuthModes = {
  'app-jwt': authenticateAppJwt,
  'client-basic': (authorization, services) => authenticateOAuthClient(services.sql, authorization),
};

/** A route's operation (by owner/name, or a generated alias by repository id) in the request pipeline. */
function targetRoute(target: RouteTarget, services: Services) {
  const handler = handlers[target.operationId] as never;
  return operationRoute(
    target.operationId,
    services,
    (event, scope) => runRouteTarget(target, handler, event, services, scope),
    authModes,
  );
}

function methodNotAllowed(services: Services, allowed: Map<string, RouteTarget>) {
  const allow = allowHeader(allowed);
  return (event: H3Event) => {
    const get = allowed.get('GET');
    // HEAD is GET without a body.
    if (event.req.method === 'HEAD' && get) {
      const row = routeTable[get.operationId];
      const options = { auth: row.auth, resource: row.rateLimitResource, authModes };
      return runPipeline(event, services, options, async (scope) => {
        const reply = await runRouteTarget(get, handlers[get.operationId] as never, event, services, scope);
        return { ...reply, body: null };
      });
    }
    return runPipeline(event, services, { auth: 'optional', resource: 'core' }, async () => {
      throw new ApiError(405, 'Method Not Allowed', undefined, { allow });
    });
  };
}

export async function createWharfApp(config: Config, sql: Sql, log: Logger, now?: () => number): Promise<WharfApp> {
  const services = await createServices(config, sql, log, now);
  const app = new H3({
    // Errors are logged here, once, as structured lines (h3 would also print them to the console).
    silent: true,
    onError: (error, event) => {
      // Only the browser pages let errors reach h3 (REST and GraphQL answer in the pipeline).
      const cause = error.cause ?? error;
      if (isDatabaseUnavailable(cause)) {
        log.warn('database unavailable', {
          method: event.req.method,
          path: event.url.pathname,
          ...unavailableReason(cause),
        });
        return unavailablePage();
      }
      log.error('h3 error', { method: event.req.method, path: event.url.pathname, ...errorFields(cause) });
      return undefined;
    },
  });

  const byRoute = restRoutes();
  for (const [route, methods] of byRoute) {
    for (const [method, target] of methods) {
      for (const prefix of REST_PREFIXES) app.on(method as 'GET', prefix + route, targetRoute(target, services));
    }
  }
  for (const { method, route, target } of routeAliases()) {
    for (const prefix of REST_PREFIXES) app.on(method, prefix + route, targetRoute(target, services));
  }
  // GitHub's team `url` (/organizations/{org_id}/team/{team_id}/…), which PyGithub's Team methods call.
  for (const { method, route, operationId } of teamIdAliases()) {
    const target = { operationId, byRepositoryId: false, rewrite: teamIdParams };
    for (const prefix of REST_PREFIXES) app.on(method as 'GET', prefix + route, targetRoute(target, services));
  }
  for (const [route, methods] of byRoute) {
    for (const prefix of REST_PREFIXES) app.all(prefix + route, methodNotAllowed(services, methods));
  }
  mountGraphql(app, services);
  // Browser pages (HTML, cookie sessions), before the catch-all 404.
  mountLoginPages(app, services);
  mountDevicePage(app, services);
  mountConsentPage(app, services);
  mountSettingsTokensPage(app, services);
  mountSettingsApplicationsPage(app, services);
  // A check run's html_url (`/{owner}/{repo}/runs/{id}`), with its app's buttons.
  mountCheckRunPage(app, services);
  // Signed archive downloads (`/_archive/…`, not REST: the URL is the credential).
  mountArchiveDownloads(app, services);
  // Files' download URLs (`/{owner}/{repo}/raw/{ref}/{path}`, not REST either; signed for private repositories).
  mountRawDownloads(app, services, gitDownload);
  // Release assets: the upload URL (`/api/uploads/…`), the signed bytes (`/api/release-assets/…`), the browser URL.
  mountAssetUploads(app, services);
  mountAssetDownloads(app, services);
  mountBrowserDownloads(app, services);
  // Git's smart HTTP at the clone URLs (`/{owner}/{repo}.git/…`), also before the catch-all.
  const pushPlace = {
    hooksDir: await installPushHooks(config.dataDir),
    spoolDir: await preparePushSpool(config.dataDir),
    slots: new PushSlots(config.git.maxConcurrentPushes),
  };
  mountGitHttp(app, services, pushPlace);
  // Gists' clone URLs and raw files (`/gist/<id>.git/…`, `/gist/<id>/raw/…`): the login `gist` is reserved.
  mountGistGitHttp(app, services, pushPlace);
  app.all('/**', (event) =>
    runPipeline(event, services, { auth: 'optional', resource: 'core' }, async () => {
      throw notFound();
    }),
  );
  // Ended rate-limit windows are dead rows; clear them now and then.
  const pruning = setInterval(() => {
    services.rateLimiter
      .prune()
      .catch((error: unknown) => log.warn('rate-limit prune failed', { error: String(error) }));
  }, 10 * 60_000);
  pruning.unref();
  // Pull requests' mergeability (server/pulls/merge/): queued in the transactions of pushes and changes, computed here.
  const mergeability = await startMergeabilityWorker({
    sql,
    git: services.git,
    log,
    identity: serviceIdentity(config.vendor, config.noreplyHost),
  });
  // Pull requests that merge themselves once protection is satisfied (server/pulls/auto-merge/).
  const autoMerge = await startAutoMergeWorker(services);
  // Repositories from before migration 037 get their `license` detected (server/licenses/license-backfill.ts).
  const licenseBackfill = startLicenseBackfill({ sql, git: services.git, log, detect: services.refFollowers.license });
  const webhooks: WebhookRuntime | undefined = config.webhooks.dispatchInServe
    ? await startWebhookRuntime(config, sql, log, services.git, services.urls, services.refFollowers)
    : undefined;
  return {
    app,
    services,
    close: async () => {
      clearInterval(pruning);
      await licenseBackfill.stop();
      await webhooks?.stop();
      await mergeability.stop();
      await autoMerge.stop();
      await services.bus.close();
    },
  };
}
