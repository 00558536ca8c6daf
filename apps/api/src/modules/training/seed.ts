import { seedCatalogRows } from '../../catalog/seed.ts';
import type { SeedStep } from '../../seed/step.ts';

/**
 * The law's numbers for training, as data with their legal basis (the reference file's reliability: hours and
 * classes from secondary sources, so not marked verified; the validity of credentials was found in no source and
 * is the usual two years, one year for groups 4 and 6, to be checked against VBHN 2279/VBHN-BLĐTBXH).
 */
const DECREE_44 = 'Nghị định 44/2016/NĐ-CP';
const DECREE_140 = 'Nghị định 140/2018/NĐ-CP (sửa đổi Điều 26 Nghị định 44/2016/NĐ-CP)';
const DECREE_44_FROM = '2016-07-01';
const DECREE_140_FROM = '2018-10-08';
const UNCHECKED = 'Thời hạn hiệu lực chưa đối chiếu được với văn bản hợp nhất 2279/VBHN-BLĐTBXH; cần kiểm tra.';

const GROUPS: [group: number, hours: number, credential: string, issuer: string, months: number][] = [
  [1, 16, 'certificate', 'organization', 24],
  [2, 48, 'certificate', 'organization', 24],
  [3, 24, 'card', 'employer', 24],
  [4, 16, 'logbook', 'employer', 12],
  [5, 56, 'certificate', 'organization', 24],
  [6, 4, 'certificate', 'organization', 12],
];

export const TRAINING_GROUP_RULES = GROUPS.map(([group, hours, credential, issuer, months]) => ({
  code: `HL-NHOM-${group}-2016`,
  targetTrainingId: `NHOM-${group}`,
  minimumHours: hours,
  periodicPercent: 50,
  credential,
  issuer,
  validityMonths: months,
  legalBasis: `${DECREE_44}, Điều 17–19, 24`,
  validFrom: DECREE_44_FROM,
  verified: false,
  note: UNCHECKED,
}));

const CLASSES: [className: string, groups: number[], from: string, to: string | null, basis: string][] = [
  ['A', [1, 4, 6], DECREE_44_FROM, '2018-10-07', `${DECREE_44}, Điều 26`],
  ['B', [1, 3, 4, 6], DECREE_44_FROM, '2018-10-07', `${DECREE_44}, Điều 26`],
  ['C', [1, 2, 3, 4, 6], DECREE_44_FROM, '2018-10-07', `${DECREE_44}, Điều 26`],
  ['A', [4, 6], DECREE_140_FROM, null, `${DECREE_140}, Điều 1 khoản 11`],
  ['B', [1, 4, 5, 6], DECREE_140_FROM, null, `${DECREE_140}, Điều 1 khoản 11`],
  ['C', [1, 2, 3, 4, 5, 6], DECREE_140_FROM, null, `${DECREE_140}, Điều 1 khoản 11`],
];

export const TRAINING_CLASS_RULES = CLASSES.flatMap(([className, groups, from, to, basis]) =>
  groups.map((group) => ({
    code: `HANG-${className}-NHOM-${group}-${from.slice(0, 4)}`,
    className,
    targetTrainingId: `NHOM-${group}`,
    legalBasis: basis,
    validFrom: from,
    ...(to ? { validTo: to } : {}),
    verified: false,
  })),
);

/**
 * The class A conditions in force since Decree 140/2018 (Art 26.1 of Decree 44/2016 as amended): a classroom of
 * at least 30 m², two in-house trainers of the law and professional content and one first-aid trainer. Not marked
 * verified: the reference file took them from a secondary source.
 */
export const TRAINING_CLASS_CONDITIONS = [
  {
    code: 'DK-HANG-A-2018',
    className: 'A',
    minimumClassroomArea: 30,
    minimumTrainers: 2,
    minimumFirstAidTrainers: 1,
    legalBasis: 'Nghị định 44/2016/NĐ-CP, Điều 26 khoản 1 (sửa đổi bởi Nghị định 140/2018/NĐ-CP)',
    validFrom: DECREE_140_FROM,
    verified: false,
  },
];

/**
 * The rules every installation starts with, written once (the department's corrections are never undone). Each
 * area has its own marker (`training.seeded.reference.{area}`), so an area added later is seeded on installations
 * that already ran this step, and the others are not written again.
 */
export const trainingReferenceStep: SeedStep = {
  name: 'training-reference',
  kind: 'reference',
  order: 100,
  run: ({ db, log }) =>
    seedCatalogRows(db, log, 'training.seeded.reference', {
      trainingGroupRule: TRAINING_GROUP_RULES,
      trainingClassRule: TRAINING_CLASS_RULES,
      trainingClassCondition: TRAINING_CLASS_CONDITIONS,
    }),
};

/**
 * The demo training body's certificate of eligibility (class B: groups 1, 4, 5, 6), before the demo courses it
 * runs are written.
 */
export const trainingOrganizationsDemoStep: SeedStep = {
  name: 'training-organizations-demo',
  kind: 'demo',
  order: 180,
  run: ({ db, log }) =>
    seedCatalogRows(db, log, 'training.seeded.organizations', {
      trainingOrganization: [
        {
          code: 'TCHL-TTHL-ATLD',
          unitId: 'TTHL_ATLD',
          className: 'B',
          certificateNumber: '45/2023/GCN-HLATVSLĐ',
          issuedBy: 'Sở Lao động - Thương binh và Xã hội tỉnh Lâm Đồng',
          validFrom: '2023-03-15',
          validTo: '2028-03-14',
          address: '12 Trần Phú, phường Xuân Hương - Đà Lạt, tỉnh Lâm Đồng',
          phone: '0263 3822 456',
        },
      ],
    }),
};
