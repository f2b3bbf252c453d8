// The request path every REST call takes, in the documented order:
// authentication (401) → rate limit (429) → API version (400) → route and
// resource (404/405) → permission and scope (403) → validation (400/422) →
// handler. Every response, errors included, leaves through here and carries
// the rate-limit headers.
import type { H3Event } from 'h3';
import { randomUUID } from 'node:crypto';
import { ANONYMOUS, rateLimitBucket, type Principal, type TokenPrincipal } from '../auth/principal.js';
import { parseAuthorization } from '../auth/token-secret.js';
import type { AuthMode } from '../codegen/route-table.js';
import type { Services } from '../services.js';
import { ApiError } from './api-error.js';
import { requiresAuthentication } from '../errors/domain-error.js';
import { errorReply } from './error-reply.js';
import { ENTERPRISE_VERSION, selectApiVersion } from './api-version.js';
import { clientIp } from './client-ip.js';
import { httpDate } from './http-date.js';
import { toResponse, type Reply } from './json-response.js';
import type { RateResource, RateState } from './rate-limiter.js';

/** One request's state as the pipeline and the operation see it. */
export class RequestScope {
  /** Set by refund(): the response is not counted (a 304). */
  refunded = false;
  /** Set by an operation that charges the limit itself (`counted: 'by-handler'`): the headers' state. */
  rate: RateState | undefined;

  constructor(
    readonly requestId: string,
    readonly principal: Principal,
    readonly ip: string,
    /** Response headers every reply of this request carries (lower-case names). */
    readonly headers: Record<string, string>,
  ) {}

  /** Marks the response as not counted (a 304). */
  refund(): void {
    this.refunded = true;
  }
}

/** Header names that contain the vendor word, built once per configuration. */
interface VendorNames {
  requestId: string;
  mediaType: string;
  mediaTypeValue: string;
  enterpriseVersion: string;
  apiVersion: string;
  apiVersionSelected: string;
  apiVersionDisplay: string;
}
const vendorNamesByConfig = new WeakMap<Services['config'], VendorNames>();

function vendorNames(config: Services['config']): VendorNames {
  let names = vendorNamesByConfig.get(config);
  if (!names) {
    const vendor = config.vendor.toLowerCase();
    names = {
      requestId: `x-${vendor}-request-id`,
      mediaType: `x-${vendor}-media-type`,
      mediaTypeValue: `${vendor}.v3; format=json`,
      enterpriseVersion: `x-${vendor}-enterprise-version`,
      apiVersion: `x-${vendor}-api-version`,
      apiVersionSelected: `x-${vendor}-api-version-selected`,
      apiVersionDisplay: `X-${config.vendor}-Api-Version`,
    };
    vendorNamesByConfig.set(config, names);
  }
  return names;
}

export interface PipelineOptions {
  auth: AuthMode;
  /**
   * `none`: outside the rate limits and the API version check, without
   * rate-limit headers: the health probes, which load balancers call often
   * and must answer while the database (where leases come from) is away.
   */
  resource: RateResource | 'none';
  /**
   * False: the request is not counted and never refused for the limit (GET
   * /rate_limit); default true. `by-handler`: the operation charges what it
   * costs itself and sets `scope.rate` (GraphQL, whose points are known only
   * once the query is parsed).
   */
  counted?: boolean | 'by-handler';
  acceptedScopes?: readonly string[];
  /** How the auth modes capabilities own authenticate; a route of such a mode must have them. */
  authModes?: PluggedAuthModes;
}

/**
 * Authentication the pipeline does not know itself: an app's JWT
 * (apps/handlers/app-jwt-authentication.ts) and an OAuth app's client
 * credentials (oauth/client-credentials.ts), plugged in by app.ts.
 */
export type PluggedAuthModes = Record<
  'app-jwt' | 'client-basic',
  (authorization: string | null, services: Services) => Promise<Principal>
>;

/** A Reply, or a ready Response (GraphQL's) that gets the scope's headers added. */
export type Inner = (scope: RequestScope) => Promise<Reply | Response>;

function rateHeaders(headers: Record<string, string>, state: RateState) {
  headers['x-ratelimit-limit'] = String(state.limit);
  headers['x-ratelimit-remaining'] = String(state.remaining);
  headers['x-ratelimit-used'] = String(state.used);
  headers['x-ratelimit-reset'] = String(state.reset);
  headers['x-ratelimit-resource'] = state.resource;
}

/** The caller; synchronous when the token is cached (the common case). */
function authenticate(event: H3Event, options: PipelineOptions, services: Services): Principal | Promise<Principal> {
  const mode = options.auth;
  if (mode === 'none') return ANONYMOUS;
  if (mode === 'app-jwt' || mode === 'client-basic') {
    const plugged = options.authModes?.[mode];
    if (!plugged) throw new Error(`auth mode ${mode} is not plugged into this route`);
    return plugged(event.req.headers.get('authorization'), services);
  }
  const parsed = parseAuthorization(event.req.headers.get('authorization'));
  if (parsed === null) {
    if (mode === 'required') throw requiresAuthentication();
    return ANONYMOUS;
  }
  if ('malformed' in parsed) throw requiresAuthentication();
  const found = services.tokenCache.lookup(parsed.token);
  if (found instanceof Promise) return found.then(authenticated);
  return authenticated(found);
}

function authenticated(principal: TokenPrincipal | null): Principal {
  if (!principal) throw requiresAuthentication();
  return principal;
}

/**
 * The limit of a caller's bucket. The OAuth endpoints (/login/…) are called
 * without a token by design (a device-flow client polls every 5 s for up to
 * 15 minutes), so their own `oauth` resource per client IP gets the
 * authenticated limit rather than the anonymous 60.
 */
export function limitFor(principal: Principal, services: Services, resource: RateResource): number {
  const { authenticated, unauthenticated, graphql, search } = services.config.rateLimit;
  if (resource === 'search') return principal.kind === 'anonymous' ? search.unauthenticated : search.authenticated;
  if (principal.kind === 'anonymous') return resource === 'oauth' ? authenticated : unauthenticated;
  return resource === 'graphql' ? graphql : authenticated;
}

/** Whose limit it is, as a rate-limit message names it. */
export function rateLimitSubject(principal: Principal, ip: string): string {
  return principal.kind === 'app'
    ? `app ${principal.app.slug} (ID ${principal.app.id})`
    : principal.kind === 'oauth-app'
      ? `OAuth app ${principal.app.clientId}`
      : principal.kind !== 'token'
        ? ip
        : principal.installation
          ? `installation ID ${principal.installation.id}`
          : `user ${principal.user.login} (ID ${principal.user.id})`;
}

function exceededMessage(principal: Principal, ip: string, state: RateState, windowSeconds: number): string {
  return `API rate limit of ${state.limit} requests per ${windowSeconds} seconds exceeded for ${rateLimitSubject(principal, ip)}.`;
}

// Not async, and no copy of options: this is on every request.
export function runPipeline(
  event: H3Event,
  services: Services,
  options: PipelineOptions,
  inner: Inner,
): Promise<Response> {
  return options.resource === 'none'
    ? runUnlimited(event, services, options, inner)
    : runLimited(event, services, options as PipelineOptions & { resource: RateResource }, inner);
}

/** The request id, media-type and enterprise-version headers every answer carries. */
function baseHeaders(services: Services, requestId: string): Record<string, string> {
  const names = vendorNames(services.config);
  const headers: Record<string, string> = {};
  headers[names.requestId] = requestId;
  headers[names.mediaType] = names.mediaTypeValue;
  headers[names.enterpriseVersion] = ENTERPRISE_VERSION;
  headers.date = httpDate(services.now());
  return headers;
}

/** An operation outside the rate limits (`x-wharf-rate-limit-resource: none`). */
async function runUnlimited(
  event: H3Event,
  services: Services,
  options: PipelineOptions,
  inner: Inner,
): Promise<Response> {
  const requestId = randomUUID();
  const ip = clientIp(event, services.config.trustProxy);
  const headers = baseHeaders(services, requestId);
  let reply: Reply | Response;
  try {
    const found = authenticate(event, options, services);
    const principal = found instanceof Promise ? await found : found;
    reply = await inner(new RequestScope(requestId, principal, ip, headers));
  } catch (error) {
    reply = errorReply(error, event, services, headers, requestId);
  }
  if (!(reply instanceof Response)) return toResponse(reply);
  for (const [name, value] of Object.entries(headers)) reply.headers.set(name, value);
  return reply;
}

async function runLimited(
  event: H3Event,
  services: Services,
  options: PipelineOptions & { resource: RateResource },
  inner: Inner,
): Promise<Response> {
  const { config, rateLimiter } = services;
  const names = vendorNames(config);
  const requestId = randomUUID();
  const ip = clientIp(event, config.trustProxy);
  const headers = baseHeaders(services, requestId);
  let principal: Principal = ANONYMOUS;
  let rate: RateState | undefined;
  let bucket = rateLimitBucket(principal, ip);
  let scope: RequestScope | undefined;
  let reply: Reply | Response;
  try {
    // Awaited only when not answered from a cache: each await is a microtask hop.
    const found = authenticate(event, options, services);
    principal = found instanceof Promise ? await found : found;
    bucket = rateLimitBucket(principal, ip);
    const limit = limitFor(principal, services, options.resource);
    const decision =
      options.counted === false
        ? { allowed: true, state: await rateLimiter.current(bucket, options.resource, limit) }
        : options.counted === 'by-handler'
          ? { allowed: true, state: rateLimiter.peek(bucket, options.resource, limit) }
          : (rateLimiter.tryTake(bucket, options.resource, limit) ??
            (await rateLimiter.take(bucket, options.resource, limit)));
    rate = decision.state;
    if (!decision.allowed) {
      const retryAfter = Math.max(1, rate.reset - Math.floor(services.now() / 1000));
      throw new ApiError(429, exceededMessage(principal, ip, rate, rateLimiter.windowOf(options.resource)), undefined, {
        'Retry-After': String(retryAfter),
      });
    }
    if (principal.kind === 'token' && principal.tokenKind !== 'installation') {
      headers['x-oauth-scopes'] = principal.scopes.join(', ');
      headers['x-accepted-oauth-scopes'] = (options.acceptedScopes ?? []).join(', ');
    }
    headers[names.apiVersionSelected] = selectApiVersion(
      event.req.headers.get(names.apiVersion),
      names.apiVersionDisplay,
    );
    scope = new RequestScope(requestId, principal, ip, headers);
    reply = await inner(scope);
  } catch (error) {
    reply = errorReply(error, event, services, headers, requestId);
  }
  // An uncounted request took nothing, so its 304 has nothing to give back.
  const refunded = scope?.refunded === true && (options.counted ?? true) === true;
  if (refunded) rateLimiter.refund(bucket, options.resource);
  if (scope?.rate) rate = scope.rate;
  else if (!rate || refunded)
    rate = rateLimiter.peek(bucket, options.resource, limitFor(principal, services, options.resource));
  if (services.log.enabled('debug')) {
    services.log.debug('request', {
      requestId,
      method: event.req.method,
      path: event.url.pathname,
      status: reply.status,
    });
  }
  if (reply instanceof Response) {
    rateHeaders(headers, rate);
    for (const [name, value] of Object.entries(headers)) reply.headers.set(name, value);
    return reply;
  }
  rateHeaders(reply.headers, rate);
  return toResponse(reply);
}
