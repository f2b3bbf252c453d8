// Names what Wharf refused, from semantic-release's --debug log: each error it
// reports (✘: its message, and for an Octokit HttpError the request's method
// and URL and the answer's status, which it prints below the message; a
// GraphQL error's code), and
// git's own failures once it pushes with the token (its first dry-run push,
// without credentials, is expected to fail).
const AUTHENTICATED_GIT = 'falling back to https';
const ERROR_DETAIL = /^\s*(status: \d{3}|method: '|url: '|message: '|extensions: )/;

export function refusedRequests(log: string): string[] {
  const found: string[] = [];
  const marker = log.indexOf(AUTHENTICATED_GIT);
  const lines = log.slice(Math.max(marker, 0)).split('\n');
  lines.forEach((line, index) => {
    if (/^fatal: |^remote: |^ ! \[remote rejected\]/.test(line)) found.push(line.trim());
    if (!line.includes('✘')) return;
    const details: string[] = [];
    for (const detail of lines.slice(index + 1, index + 60)) {
      if (detail.includes('✘')) break;
      if (ERROR_DETAIL.test(detail)) details.push(detail.trim().replace(/,$/, ''));
    }
    // A GraphQL error carries no request: its code says where it came from.
    const graphql = details.some((detail) => detail.includes("code: 'GRAPHQL_")) ? 'POST graphql: ' : '';
    found.push(graphql + line.replace(/^.*✘\s*/, '').trim(), ...details);
  });
  return [...new Set(found)].map((line) => line.slice(0, 400));
}
