import { describe, expect, it } from 'vitest';
import { modules } from '../src/modules/index.ts';
import { seedSteps } from '../src/seed/index.ts';

describe('the module list', () => {
  it('registers the plugins in the order the routes have always been registered', () => {
    expect(modules.map((m) => m.name)).toEqual([
      'health',
      'accounts',
      'organisation',
      'configuration',
      'catalog',
      'integration',
      'businesses',
      'workers',
      'permits',
      'equipment',
      'monitoring',
      'safety-costs',
      'training',
      'accidents',
      'risk-assessment',
      'group-users',
      'files',
      'workspace',
      'messaging',
      'news',
      'suggestions',
      'inspections',
      'accident-statistics',
      'notifications',
      'library',
      'catalog-import-runs',
      'api-clients',
      'signed-documents',
      'archive',
    ]);
  });

  it('runs the seed steps of all modules in their dependency order', () => {
    // Reference rows before the demo rows that cite them; demo employers before their workers, permits, reports.
    expect(seedSteps.map((s) => s.name)).toEqual([
      'admin-units',
      'demo-province',
      'demo-signing-certificate',
      'accounts: default user types',
      'accounts: department unit and first administrator',
      'accounts: demo units, employers and accounts (Lâm Đồng)',
      'catalog-reference',
      'legal-documents-reference',
      'monitoring-reference',
      'safety-costs-reference',
      'training-reference',
      'training-notices-reference',
      'training-refresher-reference',
      'accidents-reference',
      'risk-assessment-reference',
      'accident-statistics-reference',
      'workers: unemployment benefit limits',
      'catalog-demo',
      'archive-reference',
      'businesses: demo employers, documents, overtime notifications, violations',
      'training-organizations-demo',
      'workers: demo workers, disease cases, training courses, progress and overtime',
      'training certificates: logbook entries, group-1 certificates and a request waiting for the training body',
      'training-organizations-dealings-demo',
      'permits: demo foreign workers and work permits',
      'equipment: demo machines, certificates and declarations',
      'risk assessment: demo assessments of the demo employers',
      'monitoring-demo',
      'safety-costs-demo',
      'messaging: demo mail between the demo accounts',
      'news-demo',
      'suggestions: demo questions, some answered and published',
      'inspections: demo inspections, violations and requirements',
      'accidents-demo',
      'accident-statistics-demo',
      'notifications: demo accounts told of their waiting tasks',
      'api-clients: demo affiliated units and linked accounts',
      'archive-demo',
    ]);
  });
});
