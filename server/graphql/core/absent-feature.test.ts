// A field of a feature Wharf lacks answers what GitHub answers without it, by its type.
import { createSchema, createYoga } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import { absentFields } from './absent-feature.js';

const typeDefs = `
  type PageInfo { hasNextPage: Boolean! hasPreviousPage: Boolean! startCursor: String endCursor: String }
  type Sponsor { id: ID! }
  type SponsorConnection { nodes: [Sponsor] totalCount: Int! pageInfo: PageInfo! }
  type Query {
    sponsors(first: Int): SponsorConnection!
    isSponsoringViewer: Boolean!
    estimatedNextSponsorsPayoutInCents: Int!
    pinnedItems: [Sponsor!]!
    sponsorsListing: Sponsor
    status: String!
  }
`;
const Query = absentFields([
  'sponsors',
  'isSponsoringViewer',
  'estimatedNextSponsorsPayoutInCents',
  'pinnedItems',
  'sponsorsListing',
  'status',
]);
const yoga = createYoga({ schema: createSchema({ typeDefs, resolvers: { Query } }), logging: false });

async function run(query: string) {
  const response = await yoga.fetch('http://yoga.test/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  return (await response.json()) as { data?: unknown; errors?: { message: string }[] };
}

describe('absentFields', () => {
  it('answers null, false, 0, [] and an empty connection by the field type', async () => {
    const result = await run(
      '{ sponsors(first: 5) { nodes { id } totalCount pageInfo { hasNextPage endCursor } } isSponsoringViewer estimatedNextSponsorsPayoutInCents pinnedItems { id } sponsorsListing { id } }',
    );
    expect(result).toEqual({
      data: {
        sponsors: { nodes: [], totalCount: 0, pageInfo: { hasNextPage: false, endCursor: null } },
        isSponsoringViewer: false,
        estimatedNextSponsorsPayoutInCents: 0,
        pinnedItems: [],
        sponsorsListing: null,
      },
    });
  });

  it('refuses, as a developer error, a non-null field that has no "none" value', async () => {
    const result = await run('{ status }');
    expect(result.errors?.[0]?.message).toBeDefined(); // yoga masks the developer error as an unexpected one
  });
});
