import { createPrivateKey } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { progress, type SeedDoors } from './seed-doors.js';

export interface SeededApp {
  appId: number;
  /** The app's private key, for mint-app-jwt.mjs. */
  appKeyFile: string;
  /** A token of installation 1 (octocat), for the installation operations. */
  installationToken: string;
  /** A second one, for DELETE /installation/token to revoke. */
  revocableToken: string;
  /** A token of the installation on contract-bot, for the check run writes. */
  checksToken: string;
}

export async function seedInstallableApp({ admin, api }: SeedDoors, dataDir: string): Promise<SeededApp> {
  // An installable app on octocat: installation 1 (the spec's example id) with
  // the permissions the example token request narrows to. Its private key goes
  // to a file for mint-app-jwt.mjs (app JWTs live 10 minutes at most, so the
  // run mints them as it goes); an installation token (1 hour) for the
  // installation operations.
  // Its webhook points at a closed local port: deliveries (installation created,
  // below) fail at once and fill the history the /app/hook/deliveries operations read.
  const app = JSON.parse(
    await admin(
      'create-app',
      'octocat',
      'Contract App',
      '--permissions',
      'contents:write,issues:write,repository_hooks:write,checks:write',
      '--webhook-url',
      'http://127.0.0.1:9/contract-app-hook',
      '--webhook-secret',
      'contract app secret',
    ),
  ) as { id: number; private_key: string };
  const installation = JSON.parse(await admin('install-app', String(app.id), 'octocat')) as { id: number };
  await admin('install-app', String(app.id), 'wharf-org'); // so the org example finds an installation
  const appKeyFile = join(dataDir, 'contract-app.pem');
  await writeFile(appKeyFile, app.private_key, { mode: 0o600 });
  const now = Math.floor(Date.now() / 1000);
  // jose types `iss` as a string; GitHub (and Octokit) use the numeric app id.
  const appJwt = await new SignJWT({ iat: now - 30, exp: now + 570, iss: app.id as unknown as string })
    .setProtectedHeader({ alg: 'RS256' })
    .sign(createPrivateKey(app.private_key));
  const { token: installationToken } = await api<{ token: string }>(
    appJwt,
    'POST',
    `/app/installations/${installation.id}/access_tokens`,
  );
  // A second token for DELETE /installation/token to revoke.
  const { token: revocableToken } = await api<{ token: string }>(
    appJwt,
    'POST',
    `/app/installations/${installation.id}/access_tokens`,
  );
  // The app on the run user's account too (every repository), with a token of
  // that installation for the check run writes: an installation token reaches
  // only its own account's repositories, and the stateful chains write checks on
  // the commits the contents writes make in bot-repo and in the repositories the
  // run creates (openapi.yaml CommitFileForChains, CreateCheckRunOfCommit).
  const botInstallation = JSON.parse(await admin('install-app', String(app.id), 'contract-bot')) as { id: number };
  const { token: checksToken } = await api<{ token: string }>(
    appJwt,
    'POST',
    `/app/installations/${botInstallation.id}/access_tokens`,
  );
  progress(
    `app ${app.id} installed on octocat as installation ${installation.id}, on wharf-org, and on contract-bot as installation ${botInstallation.id}; key in ${appKeyFile}`,
  );
  return { appId: app.id, appKeyFile, installationToken, revocableToken, checksToken };
}
