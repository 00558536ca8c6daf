import type { FastifyPluginAsync } from 'fastify';
import { FILING_VIEWS, SUBMISSION_PERMISSIONS } from '@portal/domain/reports/workflow';
import { defineModule, type MenuEntry } from '../../define.ts';
import routes from './routes.ts';
import { filingDemoStep } from './seed.ts';

// What other modules use of filing: who a user files as, and a report's receipt (the archive's export).
export { filingCaller, ofReporter, reporterOf, type FilingCaller, type Reporter } from './access.ts';
export { receiptPdf } from './receipt.ts';
export type { FilingCtx } from './service.ts';

/**
 * Filing periodic reports (issue #25 point 4): the expected reporters' reports, drafted from the portal's registers,
 * filed, returned with comments on fields, filed again and accepted (the workflow `report.submission` in
 * packages/domain/src/reports/workflow.ts), each filing a version, each a numbered receipt the department signs.
 * The list's views by report type are menu entries of their domains, all served by the one list page.
 */
const filing: FastifyPluginAsync = async (app) => {
  await app.register(routes);
};

const menu: MenuEntry[] = FILING_VIEWS.map((view, i) => [
  view.menuGroup,
  {
    path: view.path,
    permission: SUBMISSION_PERMISSIONS.read,
    ...(view.key === 'all' ? { order: 1 } : { order: 1000 + i }),
    ...(view.units ? { units: view.units } : {}),
  },
]);

export default defineModule({ name: 'report-filing', plugin: filing, menu, seeds: [filingDemoStep] });
