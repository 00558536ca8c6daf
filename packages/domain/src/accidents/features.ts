import { FEATURE_GROUPS, registerFeatures, subjectFeature, type PermissionKey } from '../permissions.ts';
import { REVIEW_FEATURE_GROUP } from '../permits/features.ts';

/**
 * Permission subject of workplace accident declarations and the department's investigations. Employers and
 * communes declare and amend (read/create/update); the department investigates (`investigate`, in the review
 * group, which only the department's default type holds).
 */
export const ACCIDENT_SUBJECT = 'AccidentDeclaration';

export const ACCIDENT_PERMISSIONS = {
  read: `${ACCIDENT_SUBJECT}.read`,
  create: `${ACCIDENT_SUBJECT}.create`,
  update: `${ACCIDENT_SUBJECT}.update`,
  investigate: `${ACCIDENT_SUBJECT}.investigate`,
} as const satisfies Record<string, PermissionKey>;

registerFeatures(
  FEATURE_GROUPS.accidents,
  subjectFeature(ACCIDENT_SUBJECT, 'accidents:permissions.declaration', ['read', 'create', 'update'], {
    key: 'accidents.declaration',
    order: 10,
  }),
);
registerFeatures(REVIEW_FEATURE_GROUP, {
  key: 'review.accidentDeclaration',
  labelKey: 'accidents:permissions.declaration',
  children: [
    {
      key: ACCIDENT_PERMISSIONS.investigate,
      labelKey: 'accidents:permissions.investigate',
      implies: [ACCIDENT_PERMISSIONS.read],
    },
  ],
});

const ATVS = '/an-toan-ve-sinh-lao-dong';

/** Web paths (the spec's Vietnamese slugs). */
export const ACCIDENT_PATHS = {
  declarations: `${ATVS}/khai-bao-tai-nan-lao-dong/danh-sach`,
  declarationCreate: `${ATVS}/khai-bao-tai-nan-lao-dong/tao-moi`,
  declarationEdit: `${ATVS}/khai-bao-tai-nan-lao-dong/chinh-sua/:id`,
  investigations: `${ATVS}/quan-li-tai-nan-lao-dong/danh-sach`,
  investigationCreate: `${ATVS}/quan-li-tai-nan-lao-dong/tao-moi`,
  investigationEdit: `${ATVS}/quan-li-tai-nan-lao-dong/chinh-sua/:id`,
} as const;

export const accidentLink = (id: string): string => ACCIDENT_PATHS.declarationEdit.replace(':id', id);
export const investigationLink = (id: string): string => ACCIDENT_PATHS.investigationEdit.replace(':id', id);
