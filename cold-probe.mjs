import { parse, getIntrospectionQuery, Lexer, Source, TokenKind } from 'graphql';
const [shape, d] = [process.argv[2], Number(process.argv[3])];
const shapes = {
  list: (d) => `{ f(a: ${'['.repeat(d)}1${']'.repeat(d)}) }`,
  object: (d) => `{ f(a: ${'{a:'.repeat(d)}1${'}'.repeat(d)}) }`,
};
if (shape === 'intro') {
  for (const q of [getIntrospectionQuery(), getIntrospectionQuery({ descriptions: true, specifiedByUrl: true, directiveIsRepeatable: true, schemaDescription: true, inputValueDeprecation: true, oneOf: true })]) {
    const lexer = new Lexer(new Source(q)); let n = 0; while (lexer.advance().kind !== TokenKind.EOF) n++; console.log('introspection tokens', n, q.length);
  }
} else {
  try { parse(shapes[shape](d)); console.log('ok'); } catch (e) { console.log(e.constructor.name); }
}
