// The SDK's auth helpers; `sdk/src/index.ts` re-exports all of this.
export type { TokenProvider, TokenRequest } from './token-provider.js';
export { requiresAppJwt } from './app-jwt-operations.js';
export { WharfAuthError, type WharfAuthErrorDetails } from './errors.js';
export type { FetchLike } from './auth-http.js';
export { createAppAuth, DEFAULT_REFRESH_MARGIN_MS, type AppAuth, type AppAuthOptions } from './app-auth.js';
export type { InstallationToken, InstallationTokenOptions, PermissionLevel } from './installation-token.js';
export {
  requestDeviceCode,
  pollForToken,
  type DeviceCode,
  type DeviceCodeOptions,
  type PollOptions,
} from './device-flow.js';
export {
  authorizeUrl,
  exchangeCode,
  type AuthorizeUrl,
  type AuthorizeUrlOptions,
  type ExchangeCodeOptions,
} from './web-flow.js';
export type { OAuthToken } from './oauth-token.js';
export type { Sleep } from './sleep.js';
