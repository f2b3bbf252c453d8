// The resource-limit calculator against the worked examples of GitHub's
// documentation ("Rate limits and query limits for the GraphQL API"), run on
// GitHub's own published schema (which has every connection the examples use):
// nodes, requests and the score, the node limit, and the lists and large leaves
// list-caps.ts counts. How it reads a document (first and last, fragments, any
// schema): query-cost-documents.test.ts.
import { describe, expect, it } from 'vitest';
import { costOf, errorsOf, github } from '../test-support/query-cost-calls.js';

describe("GitHub's worked examples, on GitHub's schema", () => {
  it('node limit, simple query: 550 total nodes', () => {
    const query = `query {
      viewer {
        repositories(first: 50) {
          edges {
            repository:node {
              name
              issues(first: 10) {
                totalCount
                edges { node { title bodyHTML } }
              }
            }
          }
        }
      }
    }`;
    expect(costOf(github, query)).toMatchObject({ nodeCount: 550, requests: 51, cost: 1 });
  });

  it('node limit, complex query: 22,060 total nodes', () => {
    const query = `query {
      viewer {
        repositories(first: 50) {
          edges {
            repository:node {
              name
              pullRequests(first: 20) {
                edges {
                  pullRequest:node {
                    title
                    comments(first: 10) { edges { comment:node { bodyHTML } } }
                  }
                }
              }
              issues(first: 20) {
                totalCount
                edges {
                  issue:node {
                    title
                    bodyHTML
                    comments(first: 10) { edges { comment:node { bodyHTML } } }
                  }
                }
              }
            }
          }
        }
        followers(first: 10) { edges { follower:node { login } } }
      }
    }`;
    // Requests: 1 repositories + 50 pullRequests + 1,000 PR comments + 50 issues + 1,000 issue comments + 1 followers.
    expect(costOf(github, query)).toMatchObject({ nodeCount: 22_060, requests: 2_102, cost: 21 });
  });

  it('rate limit score: 5,101 requests, a score of 51', () => {
    const query = `query {
      viewer {
        login
        repositories(first: 100) {
          edges {
            node {
              id
              issues(first: 50) {
                edges {
                  node {
                    id
                    labels(first: 60) { edges { node { id name } } }
                  }
                }
              }
            }
          }
        }
      }
    }`;
    expect(costOf(github, query)).toMatchObject({
      requests: 5_101,
      cost: 51,
      nodeCount: 100 + 100 * 50 + 100 * 50 * 60,
    });
  });

  it('a call without connections costs the minimum, 1 point', () => {
    expect(costOf(github, '{ viewer { login } rateLimit { cost remaining } }')).toEqual({
      nodeCount: 0,
      requests: 0,
      cost: 1,
      dryRun: false,
    });
  });
});

describe('the node limit (500,000)', () => {
  it("refuses one path over the limit, naming the connection, in GitHub's words", () => {
    // gh pr list --json commits at --limit 60: 60 × 100 × 100 = 600,000.
    const query = `{ repository(owner: "o", name: "r") { pullRequests(first: 60) { nodes {
      commits(first: 100) { nodes { commit { authors(first: 100) { nodes { name } } } } } } } } }`;
    expect(errorsOf(github, query)).toEqual([
      {
        type: 'MAX_NODE_LIMIT_EXCEEDED',
        message:
          'By the time this query traverses to the authors connection, it is requesting up to 600,000 possible nodes which exceeds the maximum limit of 500,000.',
        extensions: { type: 'MAX_NODE_LIMIT_EXCEEDED' },
      },
    ]);
  });

  it('refuses a query whose paths together exceed the limit', () => {
    // At --limit 50: 50 + 50 × 100 + 50 × 100 × 100 = 505,050, no path over 500,000.
    const query = `{ repository(owner: "o", name: "r") { pullRequests(first: 50) { nodes {
      commits(first: 100) { nodes { commit { authors(first: 100) { nodes { name } } } } } } } } }`;
    expect(errorsOf(github, query)).toMatchObject([
      {
        type: 'MAX_NODE_LIMIT_EXCEEDED',
        message: 'This query requests up to 505,050 possible nodes which exceeds the maximum limit of 500,000.',
      },
    ]);
  });

  it('takes a query of exactly 500,000 nodes', () => {
    const query =
      '{ viewer { followers(first: 50) { nodes { followers(first: 99) { nodes { followers(first: 100) { nodes { login } } } } } } } }';
    expect(costOf(github, query)).toMatchObject({
      nodeCount: 50 + 4_950 + 495_000,
      requests: 1 + 50 + 4_950,
      cost: 50,
    });
  });
});

describe("lists and large leaves outside GitHub's connections (list-caps.ts)", () => {
  const tree = (inner: string) =>
    `{ repository(owner: "o", name: "r") { object(expression: "main:") { ... on Tree { ${inner} } } } }`;

  it('counts Tree.entries as a list of 1,000 entries, one request per tree', () => {
    expect(costOf(github, tree('entries { name oid }'))).toMatchObject({ nodeCount: 1000, requests: 1, cost: 1 });
    // Through a named fragment too.
    expect(costOf(github, `${tree('...T')} fragment T on Tree { entries { name } }`)).toMatchObject({
      nodeCount: 1000,
    });
  });

  it('refuses trees nested in entries by the node limit, however few entries they hold', () => {
    const two = tree('entries { object { ... on Tree { entries { name } } } }');
    expect(errorsOf(github, two)).toMatchObject([
      {
        type: 'MAX_NODE_LIMIT_EXCEEDED',
        message:
          'By the time this query traverses to the entries connection, it is requesting up to 1,000,000 possible nodes which exceeds the maximum limit of 500,000.',
      },
    ]);
  });

  it('charges a request per Blob.text, multiplied by the lists above it', () => {
    expect(costOf(github, tree('entries { object { ... on Blob { text byteSize } } }'))).toMatchObject({
      nodeCount: 1000,
      requests: 1001,
      cost: 10,
    });
    const aliased = ['a', 'b', 'c', 'd']
      .map((alias) => `${alias}: nodes(ids: $ids) { ... on Blob { text } }`)
      .join(' ');
    expect(costOf(github, `query($ids: [ID!]!) { ${aliased} }`, { ids: Array(100).fill('B_1') })).toMatchObject({
      requests: 400,
      cost: 4,
    });
    expect(costOf(github, tree('entries { object { ... on Blob { byteSize isBinary } } }'))).toMatchObject({
      requests: 1,
    });
  });
});
