// The two public doors the contract seed goes through: the admin CLI
// (accounts, tokens, apps) and REST, each failing loudly with what the server
// said, so a seed that cannot build its fixtures stops before the fuzzer runs.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Progress goes to stderr: stdout carries only the tokens run.sh reads. */
export const progress = (line: string) => process.stderr.write(`[seed] ${line}\n`);

export interface SeedDoors {
  admin(...args: string[]): Promise<string>;
  api<T>(token: string, method: string, path: string, body?: unknown): Promise<T>;
}

export function seedDoors(baseUrl: string): SeedDoors {
  async function admin(...args: string[]): Promise<string> {
    try {
      const { stdout } = await run(process.execPath, ['bin/wharf.mjs', 'admin', ...args], { env: process.env });
      return stdout.trim();
    } catch (error) {
      const { stderr } = error as { stderr?: string };
      throw new Error(`wharf admin ${args.join(' ')} failed: ${stderr?.trim() ?? String(error)}`);
    }
  }

  async function api<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(baseUrl + path, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        Accept: 'application/vnd.github+json',
        'Content-Type': 'application/json',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} → ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
  return { admin, api };
}
