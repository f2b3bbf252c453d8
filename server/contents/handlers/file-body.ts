// The body of PUT …/contents/{path}. A 100 MB file is 133 MB of base64 in
// JSON; read the ordinary way that is four large copies at once (the bytes,
// their text, the parsed string, the file: +500 MB of RSS, measured). Here
// the bytes are read once, the top-level `content` string is found in them
// (json-string-field.ts), the rest of the body, small, is parsed and
// validated as any body is, and the base64 is decoded from the bytes in
// slices: the bytes and the file are the only large copies. A body the
// scanner does not expect is parsed whole instead, with the same answers.
import { problemsParsingJson } from '../../errors/domain-error.js';
import { readBodyBytes } from '../../http/body-reader.js';
import type { OperationContext } from '../../http/operation-context.js';
import { operationBodyLimits } from '../../http/operation-input.js';
import type { RequestBody } from '../../http/operation-types.js';
import { routeTable } from '../../generated/routes.js';
import { parseWellFormedJson } from '../../http/well-formed-json.js';
import { decodeBase64Bytes, decodeContent } from '../base64-content.js';
import { findStringField } from '../json-string-field.js';

type PutFile = 'repos/create-or-update-file-contents';

function parseJson(bytes: Buffer): unknown {
  const text = bytes.toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    return parseWellFormedJson(text);
  } catch {
    throw problemsParsingJson();
  }
}

export async function readFileBody(
  ctx: OperationContext<PutFile>,
): Promise<{ body: RequestBody<PutFile>; content: Buffer }> {
  ctx.checkScopes();
  const { config, validator } = ctx.services;
  const limits = operationBodyLimits(routeTable[ctx.operationId], {
    maxBytes: config.maxBodyBytes,
    timeoutMs: config.bodyTimeoutMs,
  });
  const bytes = await readBodyBytes(ctx.event, limits);
  const span = findStringField(bytes, 'content');
  if (!span || span.escaped) {
    const body = validator.body(ctx.operationId, parseJson(bytes)) as RequestBody<PutFile>;
    return { body, content: decodeContent(body.content) };
  }
  // The body without the content's characters: `"content":""`, a valid string for the schema.
  const rest = Buffer.concat([bytes.subarray(0, span.start), bytes.subarray(span.end)]);
  const body = validator.body(ctx.operationId, parseJson(rest)) as RequestBody<PutFile>;
  return { body, content: decodeBase64Bytes(bytes.subarray(span.start, span.end)) };
}
