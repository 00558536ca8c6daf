import { FEATURE_GROUPS, registerFeatures, subjectFeature, type PermissionKey } from '../permissions.ts';

/**
 * Inspections and checks of employers (thanh tra, kiểm tra — Law 84/2015 Art 91, Labour Code 2019 Art 214,
 * Decree 43/2023 on specialised inspection) by the department's inspectors: the permission subject, which the
 * inspectors' default user type already names (accounts seed), and the web paths (spec §2).
 */
export const INSPECTION_SUBJECT = 'Inspection';

export const INSPECTION_PERMISSIONS = {
  read: `${INSPECTION_SUBJECT}.read`,
  create: `${INSPECTION_SUBJECT}.create`,
  update: `${INSPECTION_SUBJECT}.update`,
  delete: `${INSPECTION_SUBJECT}.delete`,
} as const satisfies Record<string, PermissionKey>;

registerFeatures(
  FEATURE_GROUPS.safety,
  subjectFeature(INSPECTION_SUBJECT, 'inspections:permissions.inspection', ['read', 'create', 'update', 'delete'], {
    key: 'safety.inspection',
    order: 60,
  }),
);

/** Web paths (the spec's Vietnamese slugs). The employer reaches its own inspections through the same list. */
export const INSPECTION_PATHS = {
  list: '/an-toan-ve-sinh-lao-dong/thanh-tra-so/danh-sach',
  create: '/an-toan-ve-sinh-lao-dong/thanh-tra/tao-moi',
  edit: '/an-toan-ve-sinh-lao-dong/thanh-tra/chinh-sua/:id',
  publicLookup: '/tra-cuu-thong-tin-thanh-tra-kiem-tra',
} as const;

export const inspectionPath = (id: string) => INSPECTION_PATHS.edit.replace(':id', id);
