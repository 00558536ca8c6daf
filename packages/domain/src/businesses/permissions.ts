import { CRUD_ACTIONS, FEATURE_GROUPS, registerFeatures, subjectFeature } from '../permissions.ts';
import { registerMenuItems } from '../menu.ts';
import { BUSINESS_PAGES } from './pages.ts';

/** Permission subjects of the employers domain (the employer record itself is the `Bussiness` catalogue area). */
export const BUSINESS_SUBJECTS = {
  document: 'OfficialDocument',
  overtime: 'OvertimeNotification',
  violation: 'ViolatingOrganization',
} as const;

registerFeatures(
  FEATURE_GROUPS.businesses,
  subjectFeature(BUSINESS_SUBJECTS.document, 'businesses:permissions.OfficialDocument', CRUD_ACTIONS, {
    key: 'businesses.documents',
    order: 200,
  }),
  subjectFeature(
    BUSINESS_SUBJECTS.overtime,
    'businesses:permissions.OvertimeNotification',
    [...CRUD_ACTIONS, 'approve'],
    {
      key: 'businesses.overtime',
      order: 210,
      actionLabels: { approve: 'businesses:permissions.approveOvertime' },
    },
  ),
  subjectFeature(BUSINESS_SUBJECTS.violation, 'businesses:permissions.ViolatingOrganization', CRUD_ACTIONS, {
    key: 'businesses.violations',
    order: 220,
  }),
);

// Side-menu entries (labelled with their pages' titles), after the employer list and the catalogues.
registerMenuItems(
  'businesses',
  { path: BUSINESS_PAGES.incoming, permission: `${BUSINESS_SUBJECTS.document}.read`, order: 2000 },
  { path: BUSINESS_PAGES.outgoing, permission: `${BUSINESS_SUBJECTS.document}.read`, order: 2001 },
  { path: BUSINESS_PAGES.overtime, permission: `${BUSINESS_SUBJECTS.overtime}.read`, order: 2002 },
  { path: BUSINESS_PAGES.violations, permission: `${BUSINESS_SUBJECTS.violation}.read`, order: 2003 },
);
