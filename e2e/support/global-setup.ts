import { existsSync, rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import './provided.ts';
import { CHROMIUM_PATH } from './chromium.ts';
import { prepareWebSnapshot } from './build.ts';
import { E2E_ADMIN_PASSWORD, startPortal } from './portal.ts';

/**
 * Browser tests: Chromium must be installed; the web app is built if stale and snapshotted; one portal with the
 * demo province is started for the whole run (tests may start more with startPortal(env)).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM_PATH}. Install the Debian package (apt-get install -y chromium), ` +
        'set CHROMIUM_PATH, or run `npm test`, which installs it.',
    );
  }
  const webDist = await prepareWebSnapshot();
  const portal = await startPortal({}, { webDist });
  project.provide('baseUrl', portal.baseUrl);
  project.provide('adminPassword', E2E_ADMIN_PASSWORD);
  project.provide('webDist', webDist);
  return async () => {
    await portal.stop();
    rmSync(webDist, { recursive: true, force: true });
  };
}
