import { CRUD_ACTIONS, FEATURE_GROUPS, registerFeatures, subjectFeature } from '../permissions.ts';

/** Permission subjects of the employers domain (the employer record itself is the `Bussiness` catalogue area). */
export const BUSINESS_SUBJECTS = {
  document: 'OfficialDocument',
  overtime: 'OvertimeNotification',
  violation: 'ViolatingOrganization',
} as const;

registerFeatures(
  FEATURE_GROUPS.businesses,
  subjectFeature(BUSINESS_SUBJECTS.document, 'businesses:permissions.OfficialDocument', CRUD_ACTIONS, { key: 'businesses.documents', order: 200 }),
  subjectFeature(BUSINESS_SUBJECTS.overtime, 'businesses:permissions.OvertimeNotification', [...CRUD_ACTIONS, 'approve'], {
    key: 'businesses.overtime',
    order: 210,
    actionLabels: { approve: 'businesses:permissions.approveOvertime' },
  }),
  subjectFeature(BUSINESS_SUBJECTS.violation, 'businesses:permissions.ViolatingOrganization', CRUD_ACTIONS, { key: 'businesses.violations', order: 220 }),
);
