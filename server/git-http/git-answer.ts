// Answers on the git routes are git's, not REST's (a deliberate exception to
// the interface's JSON 404/403 rule): plain text that git prints after
// "remote:", and a 401 with a Basic challenge so that git asks for
// credentials and credential helpers step in.
export class GitAnswer extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const REALM = 'Basic realm="GitHub"';

export const authenticationRequired = () =>
  new GitAnswer(401, 'Authentication required', { 'www-authenticate': REALM });
export const badCredentials = () =>
  new GitAnswer(401, 'Invalid username or token. Password authentication is not supported for Git operations.', {
    'www-authenticate': REALM,
  });
export const repositoryNotFound = () => new GitAnswer(404, 'Repository not found.');
export const pushDenied = (fullName: string, login: string) =>
  new GitAnswer(403, `Permission to ${fullName}.git denied to ${login}.`);

export function answerResponse(answer: GitAnswer, headers: Record<string, string> = {}): Response {
  return new Response(`${answer.message}\n`, {
    status: answer.status,
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'no-cache',
      ...headers,
      ...answer.headers,
    },
  });
}
