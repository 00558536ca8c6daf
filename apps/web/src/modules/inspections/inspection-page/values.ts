import dayjs, { type Dayjs } from 'dayjs';
import type { InspectionBody, InspectionDetail } from '../api.ts';

/** The date fields' format and the upload path of the inspection's files. */
export const DATE = 'DD/MM/YYYY';
export const INSPECTION_UPLOAD = '/api/Inspection/upload-file';
export const iso = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : null);
const day = (s: string | null | undefined) => (s ? dayjs(s) : null);

export interface FormValues {
  businessId?: string;
  kind: InspectionBody['kind'];
  topic: InspectionBody['topic'];
  legalBasis?: string;
  decisionNumber?: string;
  decisionDate?: Dayjs | null;
  decisionSigner?: string;
  plannedFrom: Dayjs;
  plannedTo?: Dayjs | null;
  actualDate?: Dayjs | null;
  findings?: string;
  team: { userId: string; role: 'leader' | 'member' }[];
  violations: {
    id?: string;
    description: string;
    legalProvision: string;
    fineAmount?: number | null;
    penaltyDecisionNumber?: string;
    penaltyDecisionDate?: Dayjs | null;
  }[];
  requirements: { id?: string; content: string; deadline: Dayjs }[];
}

export function toForm(d: InspectionDetail): FormValues {
  return {
    kind: d.kind,
    topic: d.topic,
    legalBasis: d.legalBasis ?? '',
    decisionNumber: d.decisionNumber ?? '',
    decisionDate: day(d.decisionDate),
    decisionSigner: d.decisionSigner ?? '',
    plannedFrom: dayjs(d.plannedFrom),
    plannedTo: day(d.plannedTo),
    actualDate: day(d.actualDate),
    findings: d.findings ?? '',
    team: d.team.map((m) => ({ userId: m.userId, role: m.role })),
    violations: d.violations.map((v) => ({
      id: v.id,
      description: v.description,
      legalProvision: v.legalProvision,
      fineAmount: v.fineAmount,
      penaltyDecisionNumber: v.penaltyDecisionNumber ?? '',
      penaltyDecisionDate: day(v.penaltyDecisionDate),
    })),
    requirements: d.requirements.map((r) => ({ id: r.id, content: r.content, deadline: dayjs(r.deadline) })),
  };
}

export function toBody(v: FormValues): InspectionBody {
  return {
    ...(v.businessId ? { businessId: v.businessId } : {}),
    kind: v.kind,
    topic: v.topic,
    legalBasis: v.legalBasis || null,
    decisionNumber: v.decisionNumber || null,
    decisionDate: iso(v.decisionDate),
    decisionSigner: v.decisionSigner || null,
    plannedFrom: iso(v.plannedFrom)!,
    plannedTo: iso(v.plannedTo),
    actualDate: iso(v.actualDate),
    findings: v.findings || null,
    team: v.team ?? [],
    violations: (v.violations ?? []).map((x) => ({
      ...(x.id ? { id: x.id } : {}),
      description: x.description,
      legalProvision: x.legalProvision,
      fineAmount: x.fineAmount ?? null,
      penaltyDecisionNumber: x.penaltyDecisionNumber || null,
      penaltyDecisionDate: iso(x.penaltyDecisionDate),
    })),
    requirements: (v.requirements ?? []).map((x) => ({
      ...(x.id ? { id: x.id } : {}),
      content: x.content,
      deadline: iso(x.deadline)!,
    })),
  };
}
