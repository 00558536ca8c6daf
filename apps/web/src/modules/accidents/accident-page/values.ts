import dayjs, { type Dayjs } from 'dayjs';
import { accidentSeverity, type Severity } from '@portal/domain/accidents/rules';
import type { AccidentBody, VictimBody } from '../api.ts';
import { money } from '../ui.tsx';

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

export const newVictim = (): VictimValues => ({
  workerId: null,
  fullName: '',
  female: false,
  birthYear: null,
  occupationId: null,
  injuryTypeId: null,
  bodyPart: null,
  severity: 'light',
  underManagement: true,
  daysOff: 0,
  medicalCost: 0,
  wageCost: 0,
  compensationCost: 0,
});

export const moneyInput = {
  min: 0,
  step: 100_000,
  style: { width: '100%' },
  formatter: (v?: number | string) => money(Number(v ?? 0)),
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
