#!/usr/bin/env node
// Developer aid for widening schema.graphql toward GitHub's (issue 34): for
// each named type, prints GitHub's SDL of the fields schema.graphql lacks,
// then the types those fields name that schema.graphql lacks, each cut down
// to what a stub needs (a Node's id, a connection's edges/nodes/pageInfo/
// totalCount, an enum's values), for pasting and trimming by hand.
//   node bin/graphql-gaps.mjs User Repository …
import { readFileSync } from 'node:fs';
import { schema as githubSchema } from '@octokit/graphql-schema';
import {
  buildSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isScalarType,
  isUnionType,
  printType,
} from 'graphql';

const ours = buildSchema(readFileSync(new URL('../schema.graphql', import.meta.url), 'utf8'));
const github = buildSchema(githubSchema.idl, { assumeValidSDL: true });

const argText = (arg) =>
  `${arg.name}: ${String(arg.type)}${arg.defaultValue === undefined ? '' : ` = ${JSON.stringify(arg.defaultValue)}`}`;
const fieldText = (field) =>
  `  ${field.name}${field.args.length ? `(${field.args.map(argText).join(', ')})` : ''}: ${String(field.type)}`;

const missingTypes = new Set();
const note = (type) => {
  const named = getNamedType(type);
  if (!ours.getType(named.name) && !isScalarType(ours.getType(named.name))) missingTypes.add(named.name);
};

for (const name of process.argv.slice(2)) {
  const theirs = github.getType(name);
  if (!theirs || !('getFields' in theirs)) throw new Error(`${name}: not an object or interface of GitHub's`);
  const mine = ours.getType(name)?.getFields?.() ?? {};
  const lacking = Object.values(theirs.getFields()).filter((field) => !(field.name in mine));
  console.log(`# ${name}: ${lacking.length} of ${Object.keys(theirs.getFields()).length} fields lacking`);
  for (const field of lacking) {
    console.log(fieldText(field));
    note(field.type);
    for (const arg of field.args) note(arg.type);
  }
}

/** The least of a type that schema.graphql can declare and GitHub's check accepts. */
function stub(type) {
  if (isEnumType(type) || isUnionType(type) || isScalarType(type)) return printType(type);
  if (isInputObjectType(type)) {
    const required = Object.values(type.getFields()).filter((field) => String(field.type).endsWith('!'));
    for (const field of required) note(field.type);
    return printType(type);
  }
  const fields = type.getFields();
  const keep = ['id', 'edges', 'nodes', 'pageInfo', 'totalCount', 'cursor', 'node'].filter((name) => name in fields);
  if (keep.length === 0) keep.push(Object.keys(fields)[0]);
  for (const name of keep) note(fields[name].type);
  const kind = isInterfaceType(type) ? 'interface' : 'type';
  const implemented = type
    .getInterfaces()
    .filter((i) => ours.getType(i.name))
    .map((i) => i.name);
  const head = `${kind} ${type.name}${implemented.length ? ` implements ${implemented.join(' & ')}` : ''}`;
  return `${head} {\n${keep.map((name) => fieldText(fields[name])).join('\n')}\n}`;
}

const printed = new Set();
console.log('\n# types schema.graphql lacks (stubs)');
while (printed.size < missingTypes.size) {
  for (const name of [...missingTypes]) {
    if (printed.has(name)) continue;
    printed.add(name);
    console.log(`${stub(github.getType(name))}\n`);
  }
}
