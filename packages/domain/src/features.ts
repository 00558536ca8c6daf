/**
 * Every domain's permission features, loaded in one place, so the permission tree (and what the seed grants
 * to default user types) never depends on which modules happened to be imported first.
 * A domain that registers features in its own file adds one import line here.
 * (Catalogue areas register theirs when the catalogue registry resolves, which start-up always does.)
 */
import './permissions.ts';
import './integration/business-registry.ts';
import './businesses/permissions.ts';
import './permits/features.ts';
import './equipment/features.ts';
import './accidents/features.ts';
import './training/organizations.ts';
import './files/index.ts';
import './messaging/index.ts';
import './news/index.ts';
import './suggestions/index.ts';
import './inspections/features.ts';
import './signed-documents/index.ts';
import './archive/features.ts';
import './reports/workflow.ts';
import './statistics/index.ts';

export * from './permissions.ts';
