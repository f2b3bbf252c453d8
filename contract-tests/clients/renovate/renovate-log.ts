// Reads Renovate's JSON debug log (LOG_LEVEL=debug, LOG_FORMAT=json) for what
// Wharf refused: Renovate carries on past many errors (a 404 on branch rules,
// a failed push) and says only "Repository has unknown error", so a failing
// step is explained by the requests below it, not by Renovate's own summary.

interface LogEntry {
  level?: number;
  msg?: string;
  err?: {
    message?: string;
    options?: { method?: string; url?: string };
    response?: { statusCode?: number; body?: unknown };
  };
  res?: { errors?: unknown };
  errors?: unknown;
}

/** One line per request Wharf answered with an error: `METHOD /path STATUS message`, in log order, without repeats. */
export function refusedRequests(log: string, origin: string): string[] {
  const lines = new Map<string, string>();
  const add = (key: string, line: string) => {
    // A later entry with the answer's message replaces the bare status line of the same request.
    if (!lines.has(key) || line.length > (lines.get(key) ?? '').length) lines.set(key, line);
  };
  for (const text of log.split('\n')) {
    const entry = parse(text);
    if (!entry) continue;
    // Renovate's HTTP layer logs every non-2xx answer at debug level, with method, URL and status only.
    const http = /^(GET|HEAD|POST|PUT|PATCH|DELETE) (\S+) = \(code=[^,]*, statusCode=(\w+)/.exec(entry.msg ?? '');
    if (http?.[2]?.startsWith(origin)) {
      const request = `${http[1]} ${http[2].slice(origin.length)}`;
      add(request, `${request} ${http[3]}`);
    }
    const err = entry.err;
    const url = err?.options?.url;
    if (url?.startsWith(origin) && err?.response?.statusCode) {
      const request = `${err.options?.method ?? 'GET'} ${url.slice(origin.length)}`;
      add(request, `${request} ${err.response.statusCode} ${messageOf(err.response.body) ?? err.message ?? ''}`.trim());
    }
    // GraphQL refuses a query with 200 and errors[]; Renovate logs them beside the query or as the response.
    const graphql = graphqlMessages(entry.res?.errors ?? entry.errors);
    if (graphql) add(`graphql ${graphql}`, `POST graphql 200 errors: ${graphql}`);
    // git (clone, fetch, push) fails inside Renovate's git layer: its stderr is in the error's message.
    const git = gitFailure(err?.message);
    if (git) add(`git ${git}`, `git: ${git}`);
  }
  return [...lines.values()];
}

function parse(text: string): LogEntry | undefined {
  if (!text.startsWith('{')) return undefined;
  try {
    return JSON.parse(text) as LogEntry;
  } catch {
    return undefined;
  }
}

function messageOf(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim().slice(0, 200) || undefined;
  if (body && typeof body === 'object' && 'message' in body) return String(body.message);
  return undefined;
}

function graphqlMessages(errors: unknown): string | undefined {
  if (!Array.isArray(errors) || errors.length === 0) return undefined;
  return errors.map((error: { message?: unknown }) => String(error?.message)).join('; ');
}

function gitFailure(message: string | undefined): string | undefined {
  if (!message) return undefined;
  const lines = message.split('\n').filter((line) => /^(fatal|error|remote): /.test(line.trim()));
  return lines.length > 0 ? lines.join(' | ') : undefined;
}
