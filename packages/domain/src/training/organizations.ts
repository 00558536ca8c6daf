import { registerFeatures, type PermissionKey } from '../permissions.ts';
import { REVIEW_FEATURE_GROUP } from '../permits/features.ts';

/**
 * Training organisations' dealings with the department: course notices (a training unit tells the department of a
 * course before it starts) and employers' self-declarations of class A (to train their own workers). Both are
 * catalogue areas (TrainingNotice, TrainingSelfDeclaration); the department's answer to them is a permission of
 * its own, in the review group, so the employer and training-body user types never get it with "training".
 */
export const NOTICE_SUBJECT = 'TrainingNotice';
export const SELF_DECLARATION_SUBJECT = 'TrainingSelfDeclaration';

export const NOTICE_PERMISSIONS = {
  read: `${NOTICE_SUBJECT}.read`,
  create: `${NOTICE_SUBJECT}.create`,
  review: `${NOTICE_SUBJECT}.review`,
} as const satisfies Record<string, PermissionKey>;

export const SELF_DECLARATION_PERMISSIONS = {
  read: `${SELF_DECLARATION_SUBJECT}.read`,
  create: `${SELF_DECLARATION_SUBJECT}.create`,
  update: `${SELF_DECLARATION_SUBJECT}.update`,
  delete: `${SELF_DECLARATION_SUBJECT}.delete`,
  review: `${SELF_DECLARATION_SUBJECT}.review`,
} as const satisfies Record<string, PermissionKey>;

registerFeatures(
  REVIEW_FEATURE_GROUP,
  {
    key: 'review.trainingNotice',
    labelKey: 'training:areas.trainingNotice.title',
    children: [
      { key: NOTICE_PERMISSIONS.review, labelKey: 'training:notices.permission', implies: [NOTICE_PERMISSIONS.read] },
    ],
  },
  {
    key: 'review.trainingSelfDeclaration',
    labelKey: 'training:areas.trainingSelfDeclaration.title',
    children: [
      {
        key: SELF_DECLARATION_PERMISSIONS.review,
        labelKey: 'training:selfDeclaration.permission',
        implies: [SELF_DECLARATION_PERMISSIONS.read],
      },
    ],
  },
);

/** The LegalDeadline rule: days between a course notice and the course's first day. */
export const NOTICE_DEADLINE_RULE = 'training.noticeBeforeCourse';

export const NOTICE_STATUSES = ['submitted', 'acknowledged'] as const;
export type NoticeStatus = (typeof NOTICE_STATUSES)[number];

const ATVS = '/an-toan-ve-sinh-lao-dong';

/** Web paths (Vietnamese slugs). */
export const TRAINING_ORGANIZATION_PATHS = {
  notices: `${ATVS}/thong-bao-to-chuc-huan-luyen/danh-sach`,
  notice: `${ATVS}/thong-bao-to-chuc-huan-luyen/chinh-sua/:id`,
  noticesDepartment: `${ATVS}/thong-bao-to-chuc-huan-luyen-so/danh-sach`,
  noticeDepartment: `${ATVS}/thong-bao-to-chuc-huan-luyen-so/chinh-sua/:id`,
  selfDeclarations: `${ATVS}/tu-cong-bo-huan-luyen-hang-A/danh-sach`,
  selfDeclaration: `${ATVS}/tu-cong-bo-huan-luyen-hang-A/chinh-sua/:id`,
  selfDeclarationsDepartment: `${ATVS}/tu-cong-bo-huan-luyen-hang-A-so/danh-sach`,
  selfDeclarationDepartment: `${ATVS}/tu-cong-bo-huan-luyen-hang-A-so/chinh-sua/:id`,
  selfTraining: `${ATVS}/tu-huan-luyen/danh-sach`,
  selfTrainingCourse: `${ATVS}/tu-huan-luyen/chinh-sua/:id`,
  courses: `${ATVS}/thuc-hien-huan-luyen/danh-sach`,
  courseCreate: `${ATVS}/thuc-hien-huan-luyen/tao-moi`,
  publicClassA: '/danh-sach-cac-doanh-nghiep-da-tu-cong-bo-du-dieu-kien-huan-luyen-hang-A',
} as const;

export const withId = (path: string, id: string): string => path.replace(':id', id);
