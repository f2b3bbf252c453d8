// What the client asks for a token before each request. A provider may return
// a fixed string or fetch and cache one (an installation token, say), so the
// client awaits it every time rather than keeping the value itself. It is told
// which operation the request is for, so one provider can answer with
// different credentials (createAppAuth: the app's JWT where only that works).
export interface TokenRequest {
  /** The contract's operationId, e.g. `apps/list-installations`; undefined for GraphQL. */
  operationId?: string;
  /** The operation accepts only an app JWT (openapi.yaml's `security: [appJwt]`). */
  requiresAppJwt: boolean;
}

export interface TokenProvider {
  token(request?: TokenRequest): Promise<string> | string;
}
