// GraphQL at POST /api/graphql (where Octokit with baseUrl {base}/api/v3
// looks for it) and /graphql (api.github.com's path), GET with ?query= too.
// Every call goes through the REST pipeline first: authentication is required
// (401 with the REST error body); the call is charged its points in the
// `graphql` rate-limit resource by its meter (rate-limit-meter.ts).
import { readFileSync } from 'node:fs';
import { createSchema, createYoga, type YogaLogger } from 'graphql-yoga';
import type { H3, H3Event } from 'h3';
import { SCHEMA_PATH } from '../asset-paths.js';
import { isDatabaseUnavailable } from '../db/database-unavailable.js';
import { problemsParsingJson } from '../errors/domain-error.js';
import { readBodyText, type BodyLimits } from '../http/body-reader.js';
import { runPipeline } from '../http/pipeline.js';
import { wellFormedJsonText } from '../http/well-formed-json.js';
import { errorFields } from '../log.js';
import type { Services } from '../services.js';
import { AnswerBudget, answerBudgetPlugin } from './core/answer-budget.js';
import { CacheRecorder } from './cache/cache-recorder.js';
import { responseCachePlugin } from './cache/cache-plugin.js';
import { graphqlResponseCache, responseKey } from './cache/response-cache.js';
import { cachedReply, currentEntry } from './cache/serve-cached.js';
import type { GraphqlContext } from './core/context.js';
import { githubError, liftErrorTypes, logUnexpectedErrors } from './core/errors.js';
import { guardInstallationReads } from './installation-guard.js';
import { requestAccess } from '../access/request-access.js';
import { clearChangedLoaders } from './changed-loaders.js';
import { createLoaders } from './loaders.js';
import type { QueryCost } from './query-cost.js';
import { queryLimitPlugins } from './query-limits.js';
import { GraphqlRateMeter } from './rate-limit-meter.js';
import { resolvers } from './resolvers.js';
import { YOGA_BASE_OPTIONS, YOGA_ENDPOINT } from './yoga-options.js';
import { allowExclusiveLeafConflicts } from './exclusive-field-types.js';

export const GRAPHQL_PATHS = ['/api/graphql', '/graphql'] as const;
export { SCHEMA_PATH };

/**
 * Yoga's log lines into ours. Its debug chatter is dropped, and its error
 * lines (the errors it masks) go to debug: logUnexpectedErrors has already
 * logged those with the request id.
 */
function yogaLogger(services: Services): YogaLogger {
  const fields = (args: unknown[]) => {
    const [first] = args;
    return first instanceof Error ? errorFields(first) : { detail: args.map(String).join(' ') };
  };
  return {
    debug: () => {},
    info: () => {},
    warn: (...args: unknown[]) => services.log.warn('graphql', fields(args)),
    error: (...args: unknown[]) => services.log.debug('graphql masked error', fields(args)),
  };
}

/** The resource limits' charge: the call's meter; a database outage ends the call 503 (as in resolvers). */
async function charge(cost: QueryCost, contextValue: unknown) {
  const context = contextValue as GraphqlContext;
  try {
    return await context.meter.charge(cost);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    context.outage.error ??= error;
    return githubError('RATE_LIMITED', 'The rate limit could not be read.'); // never sent: the call is answered 503
  }
}

/**
 * The executable schema, built once per process: it holds the type
 * definitions and resolvers only (each call's services come in its context),
 * and building it took a large part of an app's start, paid again by every
 * test server and @wharf/testing startWharf() in the same process.
 */
let executableSchema: ReturnType<typeof guardInstallationReads> | undefined;

function createGraphqlServer(services: Services) {
  executableSchema ??= guardInstallationReads(
    createSchema<GraphqlContext>({ typeDefs: readFileSync(SCHEMA_PATH, 'utf8'), resolvers }),
  );
  return createYoga<GraphqlContext>({
    schema: executableSchema,
    ...YOGA_BASE_OPTIONS,
    logging: yogaLogger(services),
    plugins: [
      ...queryLimitPlugins({ charge }),
      answerBudgetPlugin(),
      allowExclusiveLeafConflicts(),
      responseCachePlugin(),
      logUnexpectedErrors(services.log),
      liftErrorTypes(),
    ],
  });
}

/** A call as read: the Request for yoga (made only when yoga runs), and what the response cache keys on. */
export interface GraphqlCall {
  /** The Request for yoga; throws the REST 400 for a body that is not JSON. */
  request: () => Request;
  /** The media type the answer is for. */
  accept: string;
  /** The body of a POST with a JSON body, as sent; undefined for the other calls (never cached). */
  jsonText: string | undefined;
}

/**
 * The request as yoga should see it: a plain Request at yoga's endpoint.
 * GitHub takes a JSON body whatever its Content-Type (curl -d sends a form
 * type) and answers JSON to any Accept (Octokit asks for vnd.github+json), so
 * both headers are normalised here; a body that is not JSON is the REST 400.
 * The body is checked and the Request made only when yoga is to run: a
 * response cache hit has a body known to be the JSON of a call that ran
 * (both cost a tenth of a hit's CPU, profiled under bench:graphql).
 */
export async function readGraphqlCall(event: H3Event, limits: BodyLimits): Promise<GraphqlCall> {
  const source = event.req;
  const url = () => new URL(YOGA_ENDPOINT + event.url.search, event.url.origin);
  const wanted = source.headers.get('accept')?.toLowerCase() ?? '';
  const accept = wanted.includes('application/graphql-response+json')
    ? 'application/graphql-response+json'
    : 'application/json';
  const headers = () => {
    const copy = new Headers(source.headers);
    copy.delete('content-length');
    copy.delete('transfer-encoding');
    copy.set('accept', accept);
    return copy;
  };
  if (source.method !== 'POST')
    return {
      request: () => new Request(url(), { method: source.method, headers: headers() }),
      accept,
      jsonText: undefined,
    };

  let text = await readBodyText(event, limits);
  const type = source.headers.get('content-type')?.toLowerCase() ?? '';
  const bare = type.startsWith('application/graphql') && !type.startsWith('application/graphql-response+json');
  const request = () => {
    if (!bare) {
      try {
        // Variables with a lone surrogate reach resolvers as U+FFFD, as REST bodies do (well-formed-json.ts).
        text = wellFormedJsonText(text);
      } catch {
        throw problemsParsingJson();
      }
    }
    const copy = headers();
    copy.set('content-type', bare ? 'application/graphql' : 'application/json'); // bare: a query document as the body
    return new Request(url(), { method: 'POST', headers: copy, body: text });
  };
  return { request, accept, jsonText: bare ? undefined : text };
}

export async function yogaRequest(event: H3Event, limits: BodyLimits): Promise<Request> {
  return (await readGraphqlCall(event, limits)).request();
}

export function mountGraphql(app: H3, services: Services): void {
  const yoga = createGraphqlServer(services);
  const cache = graphqlResponseCache(services);
  const limits: BodyLimits = { maxBytes: services.config.maxBodyBytes, timeoutMs: services.config.bodyTimeoutMs };
  const handler = (event: H3Event) =>
    runPipeline(event, services, { auth: 'required', resource: 'graphql', counted: 'by-handler' }, async (scope) => {
      const meter = new GraphqlRateMeter(services, scope);
      scope.rate = meter.state;
      if (meter.exhausted) return meter.refusedReply(); // no points left: not even read
      // A body refused before GraphQL (400, 413) is a call too.
      const refusedBody = async (error: unknown) => {
        await meter.chargeUnpriced();
        scope.rate = meter.state;
        throw error;
      };
      let call: GraphqlCall;
      try {
        call = await readGraphqlCall(event, limits);
      } catch (error) {
        return refusedBody(error);
      }
      const key = call.jsonText === undefined ? undefined : responseKey(scope.principal, call.accept, call.jsonText);
      const hit = key === undefined ? undefined : await currentEntry(services, cache, scope.principal, key);
      if (hit) {
        const outage: GraphqlContext['outage'] = {};
        await charge(hit.cost, { meter, outage });
        if (outage.error !== undefined) throw outage.error;
        scope.rate = meter.state;
        return meter.refused ? meter.refusedReply() : cachedReply(hit, scope.headers);
      }
      // Made only for a call that runs: a hit needs no loaders.
      const loaders = createLoaders(services, scope.principal);
      const context: GraphqlContext = {
        services,
        principal: scope.principal,
        access: requestAccess(scope.principal, loaders.userPermission),
        requestId: scope.requestId,
        outage: {},
        loaders,
        forgetChanges: () => clearChangedLoaders(loaders),
        meter,
        answer: new AnswerBudget(),
      };
      if (key !== undefined) context.cacheRecorder = new CacheRecorder(cache);
      let request: Request;
      try {
        request = call.request();
      } catch (error) {
        return refusedBody(error);
      }
      const response = await yoga.fetch(request, context);
      // A partial result without the database would be misleading: 503 with Retry-After, like REST.
      if (context.outage.error !== undefined) throw context.outage.error;
      await meter.chargeUnpriced(); // a call that never ran (not parsed, not valid, over a limit): 1 point
      scope.rate = meter.state;
      if (meter.refused) return meter.refusedReply();
      // Read whole and answered as a Reply (one write with Content-Length), not
      // piped as a web stream: the stream cost a chunked write and a round of
      // promises per chunk on every call (profiled under bench:graphql).
      const body = Buffer.from(await response.arrayBuffer());
      const headers = scope.headers;
      const kept: [string, string][] = [];
      for (const [name, value] of response.headers)
        if (name !== 'content-length') kept.push([name, (headers[name] = value)]);
      const recorder = context.cacheRecorder;
      if (key !== undefined && recorder?.cacheable && response.status === 200 && meter.priced) {
        cache.set(key, {
          status: response.status,
          body,
          headers: kept,
          cost: meter.priced,
          repositories: recorder.repositories,
        });
      }
      return { status: response.status, body, headers };
    });
  for (const path of GRAPHQL_PATHS) {
    app.on('POST', path, handler);
    app.on('GET', path, handler);
  }
}
