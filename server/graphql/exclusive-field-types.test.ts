// Which of graphql-js's overlap refusals Wharf drops (GitHub answers them)
// and which it keeps: only two leaf types of different names.
import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { isExclusiveLeafConflict } from './exclusive-field-types.js';

const schema = buildSchema(`
  enum IssueState { OPEN CLOSED }
  enum PullState { OPEN CLOSED MERGED }
  type Issue { state: IssueState! title: String! note: String size: Int! author: User }
  type Pull { state: PullState! title: String! note: String! size: Int! author: Bot }
  type User { login: String! }
  type Bot { login: String! }
  union Item = Issue | Pull
  type Query { item: Item }
`);

/** graphql-js's errors for `query`, and which of them would still be refused. */
function check(selection: string) {
  const errors = validate(schema, parse(`{ item { ${selection} } }`));
  return {
    errors: errors.length,
    refused: errors.filter((error) => !isExclusiveLeafConflict(schema, error)).map((error) => error.message),
  };
}

describe('fields under one name on exclusive object types', () => {
  it('lets two enums (or two scalars) of different names through', () => {
    expect(check('... on Issue { state } ... on Pull { state }')).toEqual({ errors: 1, refused: [] });
    expect(check('... on Issue { x: size } ... on Pull { x: title }')).toEqual({ errors: 1, refused: [] });
  });

  it('still refuses a nullability difference', () => {
    const { errors, refused } = check('... on Issue { note } ... on Pull { note }');
    expect(errors).toBe(1);
    expect(refused[0]).toMatch(/conflicting types "String" and "String!"/);
  });

  it('still refuses objects whose selections conflict, and a leaf against a non-null leaf', () => {
    expect(check('... on Issue { x: note } ... on Pull { x: size }').refused).toHaveLength(1);
    expect(check('... on Issue { author { x: login } } ... on Pull { author { x: login } }').refused).toEqual([]);
    expect(check('... on Issue { a: author { login } } ... on Pull { a: title }').refused).toHaveLength(1);
  });

  it('leaves every other refusal alone', () => {
    expect(
      validate(schema, parse('{ item { ... on Issue { x: title x: size } } }')).filter((error) =>
        isExclusiveLeafConflict(schema, error),
      ),
    ).toEqual([]);
  });
});
