// What a handler receives: the validated path parameters, the caller, lazily
// validated input, and the services. Input is validated only when the handler
// asks for it, after it has checked existence (404) and permission (403), so
// errors come in the documented order.
import type { H3Event } from 'h3';
import type { Principal, TokenPrincipal } from '../auth/principal.js';
import type { OperationId } from '../generated/routes.js';
import { routeTable } from '../generated/routes.js';
import type { Services } from '../services.js';
import { requiresAuthentication } from '../errors/domain-error.js';
import { readOperationInput, type OperationInput } from './operation-input.js';
import type { HandlerResult, PathParams } from './operation-types.js';
import { ensureScopes } from './scopes.js';

export type { OperationInput };

export class OperationContext<K extends OperationId> {
  private scopesChecked = false;
  private inputPromise: Promise<OperationInput<K>> | undefined;

  constructor(
    readonly operationId: K,
    readonly event: H3Event,
    readonly params: PathParams<K>,
    readonly principal: Principal,
    readonly services: Services,
  ) {}

  /** The calling user; 401 for anonymous callers. */
  user(): TokenPrincipal {
    if (this.principal.kind !== 'token') throw requiresAuthentication();
    return this.principal;
  }

  /** 403 unless the token carries one of the operation's accepted scopes. */
  checkScopes(): void {
    if (this.scopesChecked) return;
    const row = routeTable[this.operationId];
    ensureScopes(this.principal, row.acceptedScopes, row.appPermissions);
    this.scopesChecked = true;
  }

  /** Validated query and body (400/422 on failure). Checks scopes first. */
  input(): Promise<OperationInput<K>> {
    this.checkScopes();
    return (this.inputPromise ??= readOperationInput(this.operationId, this.event, this.services));
  }
}

export type Handler<K extends OperationId> = (ctx: OperationContext<K>) => Promise<HandlerResult<K>>;

/** Every operation of openapi.yaml must have a handler: a missing one is a compile error. */
export type Handlers = { [K in OperationId]: Handler<K> };
