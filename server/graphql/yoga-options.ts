// The yoga settings shared by the server's GraphQL endpoint (mount.ts) and the
// mock server's (contract-tests/mock/graphql-mock.ts), so both behave alike.
// Both also take the query limits' plugins (query-limits.ts) first in their
// `plugins`, which each sets with its own.

/** The path yoga sees; the public paths are routed by h3. */
export const YOGA_ENDPOINT = '/graphql';

export const YOGA_BASE_OPTIONS = {
  graphqlEndpoint: YOGA_ENDPOINT,
  graphiql: false,
  landingPage: false,
  maskedErrors: true,
  cors: false,
  batching: false,
  // Node's own classes, so the Response yoga returns is one h3 recognises.
  fetchAPI: {
    Request,
    Response,
    Headers,
    fetch,
    ReadableStream,
    URL,
    URLSearchParams,
    FormData,
    Blob,
    File,
    TextEncoder,
    TextDecoder,
    crypto: globalThis.crypto,
  },
} as const;
