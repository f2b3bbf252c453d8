// schema.graphql is GitHub's schema, not a look-alike (issue 16): every type,
// field, argument, enum value, union member and implemented interface we
// declare exists in GitHub's published schema (@octokit/graphql-schema) with
// the same type, nullability and list shape, and every argument GitHub
// requires we accept too. A query written against api.github.com that only
// uses what we serve is then valid here, and means the same.
import { readFileSync } from 'node:fs';
import { schema as githubSchema } from '@octokit/graphql-schema';
import {
  buildSchema,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isRequiredArgument,
  isRequiredInputField,
  isUnionType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { SCHEMA_PATH } from '../asset-paths.js';

/**
 * What we declare on purpose although GitHub's schema lacks it, as
 * `Type` or `Type.field` or `Type.field(arg)`, each with the reason. Keep it
 * empty unless a client needs the difference.
 */
const ALLOWED_DIFFERENCES: Record<string, string> = {};

const ours = buildSchema(readFileSync(SCHEMA_PATH, 'utf8'));
// GitHub's published SDL repeats a few fields (EnterpriseOwnerInfo.repositoryDeployKeySetting…),
// which graphql-js's SDL validation refuses; the schema is GitHub's as published, so it is taken as valid.
const github = buildSchema(githubSchema.idl, { assumeValidSDL: true });

const kindOf = (type: GraphQLNamedType) => type.constructor.name;
const defaultOf = (arg: { defaultValue?: unknown }) => JSON.stringify(arg.defaultValue ?? null);

function compareArguments(
  where: string,
  mine: readonly GraphQLArgument[],
  theirs: readonly GraphQLArgument[],
  problems: string[],
) {
  for (const arg of mine) {
    const name = `${where}(${arg.name})`;
    if (name in ALLOWED_DIFFERENCES) continue;
    const match = theirs.find((candidate) => candidate.name === arg.name);
    if (!match) problems.push(`${name}: GitHub has no such argument`);
    else if (String(arg.type) !== String(match.type))
      problems.push(`${name}: ${String(arg.type)}, GitHub's is ${String(match.type)}`);
    else if (defaultOf(arg) !== defaultOf(match))
      problems.push(`${name}: default ${defaultOf(arg)}, GitHub's is ${defaultOf(match)}`);
  }
  for (const arg of theirs) {
    if (isRequiredArgument(arg) && !mine.some((candidate) => candidate.name === arg.name)) {
      problems.push(`${where}(${arg.name}): GitHub requires this argument, we lack it`);
    }
  }
}

function compareFields(type: GraphQLNamedType, match: GraphQLNamedType, problems: string[]) {
  if (!(isObjectType(type) || isInterfaceType(type)) || !(isObjectType(match) || isInterfaceType(match))) return;
  const theirs = match.getFields();
  for (const field of Object.values(type.getFields()) as GraphQLField<unknown, unknown>[]) {
    const name = `${type.name}.${field.name}`;
    if (name in ALLOWED_DIFFERENCES) continue;
    const other = theirs[field.name];
    if (!other) problems.push(`${name}: GitHub has no such field`);
    else if (String(field.type) !== String(other.type))
      problems.push(`${name}: ${String(field.type)}, GitHub's is ${String(other.type)}`);
    else compareArguments(name, field.args, other.args, problems);
  }
  const githubInterfaces = new Set(match.getInterfaces().map((candidate) => candidate.name));
  for (const implemented of type.getInterfaces()) {
    if (!githubInterfaces.has(implemented.name))
      problems.push(`${type.name} implements ${implemented.name}: GitHub's does not`);
  }
}

function compareMembers(type: GraphQLNamedType, match: GraphQLNamedType, problems: string[]) {
  if (isUnionType(type) && isUnionType(match)) {
    const theirs = new Set(match.getTypes().map((member) => member.name));
    for (const member of type.getTypes())
      if (!theirs.has(member.name)) problems.push(`${type.name} | ${member.name}: not a member of GitHub's union`);
  }
  if (isEnumType(type) && isEnumType(match)) {
    const theirs = new Set(match.getValues().map((value) => value.name));
    for (const value of type.getValues())
      if (!theirs.has(value.name)) problems.push(`${type.name}.${value.name}: GitHub's enum has no such value`);
  }
  if (isInputObjectType(type) && isInputObjectType(match)) {
    const mine = type.getFields();
    const theirs = match.getFields();
    for (const field of Object.values(mine)) {
      const other = theirs[field.name];
      if (!other) problems.push(`${type.name}.${field.name}: GitHub's input has no such field`);
      else if (String(field.type) !== String(other.type))
        problems.push(`${type.name}.${field.name}: ${String(field.type)}, GitHub's is ${String(other.type)}`);
    }
    for (const other of Object.values(theirs)) {
      if (isRequiredInputField(other) && !(other.name in mine))
        problems.push(`${type.name}.${other.name}: GitHub requires this input field, we lack it`);
    }
  }
}

/** Every difference between our schema and GitHub's, as readable lines. */
function schemaDifferences(mine: GraphQLSchema, theirs: GraphQLSchema): string[] {
  const problems: string[] = [];
  for (const type of Object.values(mine.getTypeMap())) {
    if (type.name.startsWith('__') || type.name in ALLOWED_DIFFERENCES) continue;
    const match = theirs.getType(type.name);
    if (!match) problems.push(`${type.name}: GitHub has no such type`);
    else if (kindOf(type) !== kindOf(match))
      problems.push(`${type.name}: a ${kindOf(type)}, GitHub's is a ${kindOf(match)}`);
    else {
      compareFields(type, match, problems);
      compareMembers(type, match, problems);
    }
  }
  for (const root of ['getQueryType', 'getMutationType', 'getSubscriptionType'] as const) {
    const name = mine[root]()?.name;
    if (name !== undefined && name !== theirs[root]()?.name) problems.push(`root ${root}: ${name} is not GitHub's`);
  }
  return problems;
}

describe("schema.graphql against GitHub's published schema", () => {
  it('declares nothing GitHub lacks, with the same types, nullability and list shapes', () => {
    expect(schemaDifferences(ours, github)).toEqual([]);
  });

  it('keeps the allow-list short and explained', () => {
    for (const [name, reason] of Object.entries(ALLOWED_DIFFERENCES)) expect(reason.length, name).toBeGreaterThan(20);
    expect(Object.keys(ALLOWED_DIFFERENCES).length).toBeLessThanOrEqual(5);
  });

  // The checker itself: it must see each kind of difference it claims to.
  it('reports a wrong nullability, a list shape, an unknown field, a foreign interface and a missing required argument', () => {
    const bent = buildSchema(`
      interface Node { id: ID! }
      interface Starrable { id: ID! }
      type Repository implements Node & Starrable { id: ID! name: String nameWithOwner: [String!]! madeUp: Int }
      type User implements Node & Starrable { id: ID! login: String! }
      type Query { repository(owner: String!): Repository node(id: ID): Node }
    `);
    expect(schemaDifferences(bent, github)).toEqual([
      "Repository.name: String, GitHub's is String!",
      "Repository.nameWithOwner: [String!]!, GitHub's is String!",
      'Repository.madeUp: GitHub has no such field',
      "User implements Starrable: GitHub's does not",
      'Query.repository(name): GitHub requires this argument, we lack it',
      "Query.node(id): ID, GitHub's is ID!",
    ]);
  });
});
