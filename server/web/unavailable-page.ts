// What a browser page answers while the database cannot be reached: a 503
// page with Retry-After instead of h3's bare 500 (the REST and GraphQL
// pipeline answers GitHub's JSON error body instead).
import { DATABASE_RETRY_AFTER_S } from '../db/database-unavailable.js';
import { htmlResponse, page } from './html.js';

export function unavailablePage(): Response {
  return htmlResponse(
    503,
    page('Service unavailable', '<p>Wharf cannot reach its database right now. Try again in a few seconds.</p>'),
    {
      'retry-after': String(DATABASE_RETRY_AFTER_S),
      'cache-control': 'no-store',
    },
  );
}
