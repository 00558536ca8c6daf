import dayjs, { type Dayjs } from 'dayjs';
import { accidentSeverity, type Severity } from '@portal/domain/accidents/rules';
import type { AccidentBody, VictimBody } from '../api.ts';
import { groupedNumberInput } from '../../../platform/form/index.ts';

/** The declaration form's values and how they become the API's body. */

export interface VictimValues extends Omit<VictimBody, 'birthYear'> {
  birthYear: number | null;
}

export interface Values {
  wardId: string | null;
  occurredAt: Dayjs | null;
  place: string;
  description: string;
  accidentReasonId: string | null;
  injuryElementId: string | null;
  allowanceCase: boolean;
  propertyDamage: number | null;
  otherCost: number | null;
  riskAssessmentId: string | null;
  reporterName: string | null;
  reporterPhone: string | null;
  victims: VictimValues[];
  reason?: string;
}

/** The fields a server error may name (anything else goes to a toast). */
export const FIELDS = [
  'wardId',
  'occurredAt',
  'place',
  'description',
  'accidentReasonId',
  'injuryElementId',
  'allowanceCase',
  'propertyDamage',
  'otherCost',
  'riskAssessmentId',
  'reporterName',
  'reporterPhone',
  'victims',
  'reason',
];

/** A routing's line: notified accounts, or — when the recipient has none in the portal — send it another way. */
export function routingRowKey(r: { notifiedUsers: number }): 'form.routingRow' | 'form.routingRowNoAccount' {
  return r.notifiedUsers > 0 ? 'form.routingRow' : 'form.routingRowNoAccount';
}

/** A blank victim; only an employer's worker can be under its management (a commune declares those without one). */
export const newVictim = (employer: boolean): VictimValues => ({
  workerId: null,
  fullName: '',
  female: false,
  birthYear: null,
  occupationId: null,
  injuryTypeId: null,
  bodyPart: null,
  severity: 'light',
  underManagement: employer,
  daysOff: 0,
  medicalCost: 0,
  wageCost: 0,
  compensationCost: 0,
});

/** Amounts in đồng, grouped the Vietnamese way (the currency's own), read back by the same format. */
export const moneyInput = {
  min: 0,
  step: 100_000,
  style: { width: '100%' },
  ...groupedNumberInput('vi'),
};

export function toBody(values: Values): AccidentBody {
  return {
    wardId: values.wardId ?? '',
    occurredAt: (values.occurredAt ?? dayjs()).toISOString(),
    place: values.place?.trim() ?? '',
    description: values.description?.trim() ?? '',
    accidentReasonId: values.accidentReasonId ?? null,
    injuryElementId: values.injuryElementId ?? null,
    allowanceCase: !!values.allowanceCase,
    propertyDamage: values.propertyDamage ?? 0,
    otherCost: values.otherCost ?? 0,
    riskAssessmentId: values.riskAssessmentId ?? null,
    reporterName: values.reporterName?.trim() || null,
    reporterPhone: values.reporterPhone?.trim() || null,
    victims: (values.victims ?? []).map((v) => ({
      workerId: v.workerId ?? null,
      fullName: v.fullName?.trim() ?? '',
      female: !!v.female,
      birthYear: v.birthYear ?? null,
      occupationId: v.occupationId ?? null,
      injuryTypeId: v.injuryTypeId ?? null,
      bodyPart: v.bodyPart?.trim() || null,
      severity: v.severity,
      underManagement: v.underManagement !== false,
      daysOff: v.daysOff ?? 0,
      medicalCost: v.medicalCost ?? 0,
      wageCost: v.wageCost ?? 0,
      compensationCost: v.compensationCost ?? 0,
    })),
  };
}

/** The accident's class from the victims being edited (Decree 39/2016 Art 9). */
export const classOf = (victims: unknown): Severity =>
  accidentSeverity(
    (Array.isArray(victims) ? (victims as Partial<VictimValues>[]) : []).map((v) => ({
      severity: (v?.severity ?? 'light') as Severity,
    })),
  );
