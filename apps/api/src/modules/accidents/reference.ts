import { sql } from 'kysely';
import { INVESTIGATION_LEGAL_BASIS, INVESTIGATION_RULES } from '@portal/domain/accidents/rules';
import { seedCatalogRows } from '../../catalog/seed.ts';
import type { SeedStep } from '../../seed/step.ts';
import type { Executor } from '../../catalog/context.ts';

/**
 * The accident domain's reference data: the investigation deadlines of Law 84/2015 Art 35.6 (LegalDeadline rows,
 * read on the notification date of each accident) and the routing rules naming who is told of a serious or fatal
 * accident at once (AccidentRoutingRule). Written once; the department corrects them as data afterwards.
 */
const LAW_IN_FORCE = '2016-07-01';
const DECREE_129_IN_FORCE = '2025-07-01';

const deadline = (code: string, rule: string, name: string, amount: number) => ({
  code,
  rule,
  name,
  amount,
  unit: 'days',
  legalBasis: INVESTIGATION_LEGAL_BASIS,
  validFrom: LAW_IN_FORCE,
  verified: true,
});

export const ACCIDENT_DEADLINE_ROWS = [
  deadline('TNLD-DT-NHE', INVESTIGATION_RULES.light, 'Điều tra tai nạn lao động làm bị thương nhẹ', 4),
  deadline('TNLD-DT-NANG1', INVESTIGATION_RULES.serious, 'Điều tra tai nạn lao động làm bị thương nặng một người', 7),
  deadline(
    'TNLD-DT-NANG2',
    INVESTIGATION_RULES.multipleSerious,
    'Điều tra tai nạn lao động làm bị thương nặng từ hai người trở lên',
    20,
  ),
  deadline('TNLD-DT-CHET', INVESTIGATION_RULES.fatal, 'Điều tra tai nạn lao động chết người', 30),
  deadline(
    'TNLD-DT-GIAMDINH',
    INVESTIGATION_RULES.expert,
    'Điều tra tai nạn lao động cần giám định kỹ thuật hoặc giám định pháp y',
    60,
  ),
];

const LAW_34_B = 'Luật ATVSLĐ 84/2015 Điều 34 khoản 1 điểm b';
export const ACCIDENT_ROUTING_ROWS = [
  {
    code: 'TNLD-NN-01',
    name: 'Tai nạn chết người: báo ngay Sở Nội vụ',
    trigger: 'fatal',
    declarant: 'any',
    recipient: 'department',
    legalBasis: `${LAW_34_B}; Nghị định 129/2025/NĐ-CP Điều 45`,
    validFrom: LAW_IN_FORCE,
  },
  {
    code: 'TNLD-NN-02',
    name: 'Từ 2 người bị thương nặng: báo ngay Sở Nội vụ',
    trigger: 'seriousTwoOrMore',
    declarant: 'any',
    recipient: 'department',
    legalBasis: `${LAW_34_B}; Nghị định 129/2025/NĐ-CP Điều 45`,
    validFrom: LAW_IN_FORCE,
  },
  {
    code: 'TNLD-NN-03',
    name: 'Người lao động không có hợp đồng bị chết, bị thương nặng: UBND xã báo Sở Nội vụ',
    trigger: 'seriousOrFatal',
    declarant: 'commune',
    recipient: 'department',
    legalBasis: 'Luật ATVSLĐ 84/2015 Điều 34 khoản 1 điểm d; Nghị định 129/2025/NĐ-CP Điều 42',
    validFrom: LAW_IN_FORCE,
  },
  {
    code: 'TNLD-NN-04',
    name: 'Tai nạn chết người: báo UBND cấp xã nơi xảy ra',
    trigger: 'fatal',
    declarant: 'employer',
    recipient: 'commune',
    legalBasis: 'Nghị định 129/2025/NĐ-CP Điều 42, Điều 44',
    validFrom: DECREE_129_IN_FORCE,
  },
  {
    code: 'TNLD-NN-05',
    name: 'Từ 2 người bị thương nặng: báo UBND cấp xã nơi xảy ra',
    trigger: 'seriousTwoOrMore',
    declarant: 'employer',
    recipient: 'commune',
    legalBasis: 'Nghị định 129/2025/NĐ-CP Điều 42, Điều 44',
    validFrom: DECREE_129_IN_FORCE,
  },
  {
    code: 'TNLD-NN-06',
    name: 'Tai nạn chết người: báo Công an cấp xã nơi xảy ra',
    trigger: 'fatal',
    declarant: 'any',
    recipient: 'communePolice',
    legalBasis: `${LAW_34_B}, d; Nghị định 129/2025/NĐ-CP Điều 42, Điều 45`,
    validFrom: DECREE_129_IN_FORCE,
  },
  {
    code: 'TNLD-NN-07',
    name: 'Từ 2 người bị thương nặng: báo Công an cấp xã nơi xảy ra',
    trigger: 'seriousTwoOrMore',
    declarant: 'employer',
    recipient: 'communePolice',
    legalBasis: 'Nghị định 129/2025/NĐ-CP Điều 45 (thông báo theo Điều 10 Nghị định 39/2016/NĐ-CP)',
    validFrom: DECREE_129_IN_FORCE,
  },
];

export const accidentsReferenceStep: SeedStep = {
  name: 'accidents-reference',
  kind: 'reference',
  order: 130,
  run: ({ db, log }) =>
    seedCatalogRows(db, log, 'accidents.seeded.reference', {
      legalDeadline: ACCIDENT_DEADLINE_ROWS,
      accidentRoutingRule: ACCIDENT_ROUTING_ROWS,
    }),
};

export interface RoutingRule {
  code: string;
  trigger: string;
  declarant: string;
  recipient: 'department' | 'commune' | 'communePolice';
  legal_basis: string;
}

/** The routing rules in force on `date` (YYYY-MM-DD), in code order. */
export async function routingRulesInForce(db: Executor, date: string): Promise<RoutingRule[]> {
  const rows = await sql<RoutingRule>`select code, trigger, declarant, recipient, legal_basis
    from accident_routing_rule where deleted_at is null and valid_from <= ${date}::date
      and (valid_to is null or valid_to >= ${date}::date)
    order by code`.execute(db);
  return rows.rows;
}
