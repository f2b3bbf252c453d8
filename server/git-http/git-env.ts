// The command line and environment of one git service run: no system or
// user configuration (the server's own settings only), the client's protocol
// version (the `Git-Protocol` header, as GIT_PROTOCOL, so protocol v2 works),
// and for receive-pack the per-ref check (push-hook.ts).
import type { GitService } from './git-access.js';
import { pushHookEnv } from './push-hook.js';

const BASE_ENV = { GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_TERMINAL_PROMPT: '0' };

/** `version=2`, or several `key=value` items separated by colons; anything else is dropped. */
const GIT_PROTOCOL = /^[A-Za-z0-9=._:-]{1,200}$/;

export function gitCommand(service: GitService, gitDir: string, hooksDir: string, advertise: boolean): string[] {
  const args =
    service === 'git-receive-pack'
      ? // fsckObjects: malformed objects (bad trees, broken author lines) are refused at the door, as GitHub does, so `git fsck` stays clean.
        ['-c', `core.hooksPath=${hooksDir}`, '-c', 'receive.fsckObjects=true', 'receive-pack']
      : // Partial clone (`--filter`) as GitHub serves it.
        ['-c', 'uploadpack.allowFilter=true', 'upload-pack'];
  return [...args, '--stateless-rpc', ...(advertise ? ['--advertise-refs'] : []), gitDir];
}

export function gitEnv(service: GitService, protocolHeader: string | null): Record<string, string> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '/usr/bin:/bin', ...BASE_ENV };
  if (protocolHeader && GIT_PROTOCOL.test(protocolHeader)) env.GIT_PROTOCOL = protocolHeader;
  return service === 'git-receive-pack' ? { ...env, ...pushHookEnv() } : env;
}

/** Protocol v2 has no `# service=` announcement before the capability advertisement. */
export function serviceAnnouncement(service: GitService, protocolHeader: string | null): Buffer | undefined {
  if (protocolHeader && /(^|:)version=2(:|$)/.test(protocolHeader)) return undefined;
  const line = `# service=${service}\n`;
  return Buffer.from(`${(line.length + 4).toString(16).padStart(4, '0')}${line}0000`);
}
