// The core types answer every field GitHub's do (issue 34): a query written
// for api.github.com that names a field of one of these types validates here.
// A field of GitHub's type is either declared in schema.graphql (with GitHub's
// type and arguments: github-schema.test.ts checks that) or named in
// NOT_SERVED with the reason; so a listed type that loses a field fails here.
import { readFileSync } from 'node:fs';
import { schema as githubSchema } from '@octokit/graphql-schema';
import { buildSchema, type GraphQLNamedType, isInterfaceType, isObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { SCHEMA_PATH } from '../../asset-paths.js';
import { NOT_SERVED } from './github-fields-not-served.js';

const LISTED_TYPES = [
  'User',
  'Organization',
  'Bot',
  'Actor',
  'Repository',
  'Ref',
  'Commit',
  'Tree',
  'Blob',
  'Tag',
  'Release',
  'ReleaseAsset',
  'Issue',
  'IssueComment',
  'PullRequest',
  'PullRequestReview',
  'PullRequestReviewComment',
  'Label',
  'Milestone',
  'Reaction',
  'StatusContext',
  'Status',
  'CheckRun',
  'CheckSuite',
  'RateLimit',
  'Query',
] as const;

const ours = buildSchema(readFileSync(SCHEMA_PATH, 'utf8'));
const github = buildSchema(githubSchema.idl, { assumeValidSDL: true });

const fieldNames = (type: GraphQLNamedType | null | undefined) =>
  type && (isObjectType(type) || isInterfaceType(type)) ? Object.keys(type.getFields()) : [];

describe("the core types against GitHub's", () => {
  it('declare every field of GitHub’s type or name it in NOT_SERVED', () => {
    const unaccounted = LISTED_TYPES.flatMap((name) => {
      const mine = new Set(fieldNames(ours.getType(name)));
      return fieldNames(github.getType(name))
        .map((field) => `${name}.${field}`)
        .filter((key) => !mine.has(key.slice(name.length + 1)) && !(key in NOT_SERVED));
    });
    expect(unaccounted).toEqual([]);
  });

  it('name in NOT_SERVED only GitHub fields of listed types that schema.graphql lacks', () => {
    const stale = Object.keys(NOT_SERVED).filter((key) => {
      const [type = '', field = ''] = key.split('.');
      const listed = (LISTED_TYPES as readonly string[]).includes(type);
      return (
        !listed || !fieldNames(github.getType(type)).includes(field) || fieldNames(ours.getType(type)).includes(field)
      );
    });
    expect(stale).toEqual([]);
    for (const [key, reason] of Object.entries(NOT_SERVED)) expect(reason.length, key).toBeGreaterThan(20);
  });
});
