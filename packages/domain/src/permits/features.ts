import {
  defineFeatureGroup,
  FEATURE_GROUPS,
  registerFeatures,
  subjectFeature,
  type PermissionKey,
} from '../permissions.ts';

/** The permission subject of work permits and confirmations (the spec's area name). */
export const PERMIT_SUBJECT = 'WorkerLicense';

export const PERMIT_PERMISSIONS = {
  read: `${PERMIT_SUBJECT}.read`,
  create: `${PERMIT_SUBJECT}.create`,
  update: `${PERMIT_SUBJECT}.update`,
  delete: `${PERMIT_SUBJECT}.delete`,
  review: `${PERMIT_SUBJECT}.review`,
} as const satisfies Record<string, PermissionKey>;

/**
 * Reviewing is the department's work, so it lives in its own top-level group: the default employer, district,
 * service-centre and inspector user types are granted whole business groups, and must not get it with the
 * rest of "workers". Other domains' department approvals can join this group.
 */
export const REVIEW_FEATURE_GROUP = 'review';
defineFeatureGroup(REVIEW_FEATURE_GROUP, 'permits:permissions.reviewGroup', 45);

registerFeatures(
  FEATURE_GROUPS.workers,
  subjectFeature(PERMIT_SUBJECT, 'permits:permissions.subject', ['read', 'create', 'update', 'delete'], {
    key: 'workers.workerLicense',
    order: 30,
    actionLabels: {
      create: 'permits:permissions.create',
      update: 'permits:permissions.update',
      delete: 'permits:permissions.delete',
    },
  }),
);
registerFeatures(REVIEW_FEATURE_GROUP, {
  key: 'review.workerLicense',
  labelKey: 'permits:permissions.subject',
  children: [
    { key: PERMIT_PERMISSIONS.review, labelKey: 'permits:permissions.review', implies: [PERMIT_PERMISSIONS.read] },
  ],
});

/**
 * Web paths (the spec's Vietnamese slugs). The menu catalogue lists both lists under WorkerLicense.read; the web
 * shows the department's list only to users its route admits (review).
 */
export const PERMIT_PATHS = {
  list: '/nguoi-lao-dong/giay-phep-lao-dong/danh-sach',
  create: '/nguoi-lao-dong/giay-phep-lao-dong/tao-moi',
  edit: '/nguoi-lao-dong/giay-phep-lao-dong/chinh-sua/:id',
  createConfirm: '/nguoi-lao-dong/giay-phep-lao-dong/tao-moi-giay-xac-nhan',
  editConfirm: '/nguoi-lao-dong/giay-phep-lao-dong/sua-giay-xac-nhan/:id',
  review: '/nguoi-lao-dong/cap-phep-nguoi-lao-dong/danh-sach',
} as const;
