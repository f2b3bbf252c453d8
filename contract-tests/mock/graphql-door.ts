// GraphQL's paths on the mock. What answers there (graphql-mock.ts: yoga,
// the mocked schema, the server's GraphQL modules) takes longer to load and
// build than all the rest of the mock, so it is loaded on the first GraphQL
// request rather than at start-up, which REST-only users would wait for.
// Its URLs are moved to the mock's origin, as REST's are (mock-hypermedia.ts).
import type { H3, H3Event } from 'h3';
import { DEFAULT_BODY_LIMITS } from '../../server/http/body-reader.js';
import type { RequestValidator } from '../../server/http/request-validator.js';
import { relocatedBody } from './mock-hypermedia.js';
import { mockPipeline } from './mock-pipeline.js';

/** The server's GRAPHQL_PATHS (server/graphql/mount.ts, which loads all of GraphQL to import; a test keeps them equal). */
export const MOCK_GRAPHQL_PATHS = ['/api/graphql', '/graphql'] as const;

async function loadYoga(validator: RequestValidator) {
  const { createMockYoga, yogaRequest } = await import('./graphql-mock.js');
  return { yoga: createMockYoga(validator), yogaRequest };
}

export function mountGraphqlMock(
  app: H3,
  validator: RequestValidator,
  log: (text: string) => void,
  exampleOrigin: string | undefined,
): void {
  let loaded: ReturnType<typeof loadYoga> | undefined;
  const options = { auth: 'required', resource: 'graphql', log } as const;
  const handler = (event: H3Event) =>
    mockPipeline(event, options, async () => {
      const { yoga, yogaRequest } = await (loaded ??= loadYoga(validator));
      const answer = await yoga.fetch(await yogaRequest(event, DEFAULT_BODY_LIMITS));
      const type = answer.headers.get('content-type') ?? undefined;
      const body = relocatedBody(Buffer.from(await answer.arrayBuffer()), type, {
        from: exampleOrigin,
        request: event.url,
      });
      return new Response(new Uint8Array(body), { status: answer.status, headers: answer.headers });
    });
  for (const path of MOCK_GRAPHQL_PATHS) {
    app.on('POST', path, handler);
    app.on('GET', path, handler);
  }
}
