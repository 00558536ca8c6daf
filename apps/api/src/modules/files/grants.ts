import type { Executor } from '../../catalog/context.ts';
import type { Principal } from '../../platform/access/index.ts';

/**
 * A domain whose records carry secure files lets the people who see those records download them through the
 * generic download: `registerFileReadGrant(async (db, principal, fileId) => …)`, answering true only for files
 * its records hold that this principal may see. Grants only widen who may read; none can narrow the uploader's
 * or File.readSecure's access.
 */
export type FileReadGrant = (db: Executor, principal: Principal, fileId: string) => Promise<boolean>;

const grants: FileReadGrant[] = [];

export function registerFileReadGrant(grant: FileReadGrant): void {
  grants.push(grant);
}

export async function grantedByDomain(db: Executor, principal: Principal, fileId: string): Promise<boolean> {
  for (const grant of grants) if (await grant(db, principal, fileId)) return true;
  return false;
}
