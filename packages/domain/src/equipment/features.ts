import { FEATURE_GROUPS, registerFeatures, subjectFeature, type PermissionKey } from '../permissions.ts';
import { REVIEW_FEATURE_GROUP } from '../permits/features.ts';

/** Permission subjects of the equipment domain (the catalogue areas add their own: Equipment, Inspector, …). */
export const DECLARATION_SUBJECT = 'EquipmentDeclaration';

export const DECLARATION_PERMISSIONS = {
  read: `${DECLARATION_SUBJECT}.read`,
  create: `${DECLARATION_SUBJECT}.create`,
  update: `${DECLARATION_SUBJECT}.update`,
  delete: `${DECLARATION_SUBJECT}.delete`,
  review: `${DECLARATION_SUBJECT}.review`,
} as const satisfies Record<string, PermissionKey>;

export const EQUIPMENT_PERMISSIONS = {
  read: 'Equipment.read',
  update: 'Equipment.update',
  inspectionRead: 'EquipmentInspection.read',
} as const satisfies Record<string, PermissionKey>;

registerFeatures(
  FEATURE_GROUPS.safety,
  subjectFeature(DECLARATION_SUBJECT, 'equipment:permissions.declaration', ['read', 'create', 'update', 'delete'], {
    key: 'safety.equipmentDeclaration',
    order: 40,
  }),
);
registerFeatures(REVIEW_FEATURE_GROUP, {
  key: 'review.equipmentDeclaration',
  labelKey: 'equipment:permissions.declaration',
  children: [
    {
      key: DECLARATION_PERMISSIONS.review,
      labelKey: 'equipment:permissions.review',
      implies: [DECLARATION_PERMISSIONS.read],
    },
  ],
});

/** Web paths (the spec's Vietnamese slugs). */
export const EQUIPMENT_PATHS = {
  register: '/an-toan-ve-sinh-lao-dong/quan-li-thiet-bi/danh-sach',
  machine: '/an-toan-ve-sinh-lao-dong/quan-li-thiet-bi/chi-tiet/:id',
  declarations: '/khai-bao-thiet-bi/danh-sach',
  declarationCreate: '/khai-bao-thiet-bi/them-khai-bao-thiet-bi',
  declarationEdit: '/khai-bao-thiet-bi/cap-nhat-khai-bao-thiet-bi/:id',
  review: '/an-toan-ve-sinh-lao-dong/quan-li-khai-bao-thiet-bi/danh-sach',
  inspections: '/kiem-dinh-thiet-bi/danh-sach',
  inspectionsAuthority: '/an-toan-ve-sinh-lao-dong/kiem-dinh-an-toan-lao-dong/danh-sach',
  summary: '/bang-tong-hop-kiem-dinh-thiet-bi/danh-sach',
  publicLookup: '/tra-cuu-thiet-bi',
  publicMachine: '/tra-cuu-thiet-bi/:code',
  publicInspectors: '/danh-sach-kiem-dinh-vien',
} as const;
