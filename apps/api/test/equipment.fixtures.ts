import type { OpContext } from '../src/catalog/context.ts';
import { catalogOperations } from '../src/catalog/operations.ts';

/**
 * An accredited inspection organisation and one of its inspectors for forklifts (TB11), valid for decades: what a
 * machine's certificate names. `key` keeps two test files' codes apart.
 */
export async function forkliftInspection(
  system: OpContext,
  key: string,
  names: { organisation: string; inspector: string },
): Promise<{ org: string; inspector: string }> {
  const valid = { validFrom: '2020-01-01', validTo: '2099-12-31', equipmentTypes: 'TB11' };
  const org = (
    await catalogOperations('inspectionOrganization').create(system, {
      code: `KD-${key}`,
      name: names.organisation,
      accreditationNumber: `GCN-${key}`,
      ...valid,
    })
  ).id;
  const inspector = (
    await catalogOperations('inspector').create(system, {
      code: `KDV-${key}`,
      fullName: names.inspector,
      organizationId: org,
      accreditationNumber: `KĐV-${key}`,
      ...valid,
    })
  ).id;
  return { org, inspector };
}
