// The text of a commit or tag object split into its headers (in order,
// continuation lines joined back with `\n`) and its message, plus the
// signature GitHub's `verification` reports: a commit's `gpgsig` header, or
// the armored block at the end of a tag's message.
export interface RawObject {
  headers: [string, string][];
  message: string;
  signature: string | null;
  /** What was signed: the object without its signature. */
  payload: string | null;
}

export function header(raw: RawObject, name: string): string | undefined {
  return raw.headers.find(([key]) => key === name)?.[1];
}

export function headersOf(raw: RawObject, name: string): string[] {
  return raw.headers.filter(([key]) => key === name).map(([, value]) => value);
}

const SIGNATURE_BLOCK = /-----BEGIN (?:PGP|SSH) SIGNATURE-----[\s\S]*$/;

export function parseRawObject(text: string, kind: 'commit' | 'tag'): RawObject {
  const split = text.indexOf('\n\n');
  const head = split < 0 ? text : text.slice(0, split);
  const message = split < 0 ? '' : text.slice(split + 2);
  const headers: [string, string][] = [];
  for (const line of head.split('\n')) {
    if (line.startsWith(' ') && headers.length > 0) headers[headers.length - 1]![1] += `\n${line.slice(1)}`;
    else if (line) {
      const space = line.indexOf(' ');
      headers.push(space < 0 ? [line, ''] : [line.slice(0, space), line.slice(space + 1)]);
    }
  }
  if (kind === 'commit') {
    const signature = headers.find(([key]) => key === 'gpgsig')?.[1] ?? null;
    const unsigned = head.replace(/^gpgsig .*\n(?: .*\n?)*/m, '');
    return {
      headers,
      message,
      signature: signature && `${signature}\n`,
      payload: signature ? `${unsigned.replace(/\n$/, '')}\n\n${message}` : null,
    };
  }
  const block = SIGNATURE_BLOCK.exec(message);
  return {
    headers,
    message: block ? message.slice(0, block.index) : message,
    signature: block ? block[0] : null,
    payload: block ? text.slice(0, text.length - block[0].length) : null,
  };
}

/** GitHub's `verification`: Wharf knows no signing keys, so a signature is never verified. */
export function verificationOf(raw: Pick<RawObject, 'signature' | 'payload'>) {
  return {
    verified: false,
    reason: raw.signature ? 'unknown_key' : 'unsigned',
    signature: raw.signature,
    payload: raw.payload,
    verified_at: null,
  };
}
