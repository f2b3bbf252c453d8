// The bot: a webhook endpoint that, for every `issues` delivery with action
// `opened`, adds labels chosen from the issue's title. It checks each
// delivery's signature with the SDK before reading it.
import { createServer, type Server } from 'node:http';
import { readRawBody, verifySignature, type WebhookPayload, type WharfClient } from '@wharf/sdk';

const RULES: [RegExp, string][] = [
  [/\b(bug|crash|crashes|error|broken)\b/i, 'bug'],
  [/\b(feature|support for|add)\b/i, 'enhancement'],
  [/\b(docs?|documentation|readme)\b/i, 'documentation'],
];

export function labelsFor(title: string): string[] {
  return RULES.filter(([pattern]) => pattern.test(title)).map(([, label]) => label);
}

export interface Labeler {
  /** Where to send the webhook. */
  url: string;
  close(): Promise<void>;
}

export async function startLabeler(options: { client: WharfClient; secret: string; port?: number }): Promise<Labeler> {
  const server: Server = createServer(async (req, res) => {
    const body = await readRawBody(req);
    if (!(await verifySignature(options.secret, body, req.headers['x-hub-signature-256'] as string | undefined))) {
      res.writeHead(401).end();
      return;
    }
    const payload = JSON.parse(new TextDecoder().decode(body)) as WebhookPayload<'issues'>;
    if (req.headers['x-github-event'] === 'issues' && payload.action === 'opened') {
      const labels = labelsFor(payload.issue.title);
      if (labels.length > 0) {
        const { error } = await options.client.issues.addLabels({
          owner: payload.repository.owner.login,
          repo: payload.repository.name,
          issue_number: payload.issue.number,
          body: { labels },
        });
        if (error) {
          res.writeHead(502).end(error.message);
          return;
        }
      }
    }
    res.writeHead(204).end();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
