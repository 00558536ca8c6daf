import { field } from '../catalog/define.ts';
import type { FieldDef } from '../catalog/types.ts';

/**
 * What a worker's record holds beyond the Worker area: the progress of their employment, overtime, and the
 * training courses they took part in. Declared with the catalogue's field builders, so the API and the web
 * validate them with the same rules and messages.
 */

export const progressFields = {
  workerId: field.reference({ target: 'worker', required: true }),
  fromDate: field.date({ required: true }),
  toDate: field.date(),
  workplace: field.text({ max: 255 }),
  position: field.text({ max: 255 }),
  description: field.longText({ max: 2000 }),
} satisfies Record<string, FieldDef>;

/**
 * Overtime limits of the Labour Code 2019 (art. 107) and Decree 145/2020 (art. 60–62): at most 12 hours of
 * work on a day (so at most 12 hours of overtime on a rest day), 40 hours a month, and 300 hours a year in
 * the sectors allowed to go beyond the general 200.
 */
export const OVERTIME_LIMITS = { perDay: 12, perMonth: 40, perYear: 300 } as const;

export const overtimeFields = {
  workerId: field.reference({ target: 'worker', required: true }),
  workDate: field.date({ required: true }),
  hours: field.number({ required: true, min: 0.5, max: OVERTIME_LIMITS.perDay }),
  reason: field.text({ max: 500 }),
} satisfies Record<string, FieldDef>;

export const TRAINING_RESULTS = ['passed', 'failed', 'absent'] as const;
export type TrainingResult = (typeof TRAINING_RESULTS)[number];

export const trainingWorkerFields = {
  trainingId: field.reference({ target: 'training', required: true }),
  workerId: field.reference({ target: 'worker', required: true }),
  result: field.enum({ options: TRAINING_RESULTS, optionLabels: 'workers:trainingResults' }),
  certificateNumber: field.text({ max: 50 }),
  certificateDate: field.date(),
  note: field.text({ max: 1000 }),
} satisfies Record<string, FieldDef>;

/** A progress record as the API answers it. */
export interface WorkerProgress {
  id: string;
  workerId: string;
  fromDate: string;
  toDate: string | null;
  workplace: string | null;
  position: string | null;
  description: string | null;
  createdAt: string;
}

export interface WorkerOvertime {
  id: string;
  workerId: string;
  workDate: string;
  hours: number;
  reason: string | null;
  createdAt: string;
}

export interface TrainingWorker {
  id: string;
  trainingId: string;
  workerId: string;
  fullName: string;
  citizenId: string;
  birthDate: string | null;
  sex: string | null;
  result: TrainingResult | null;
  certificateNumber: string | null;
  certificateDate: string | null;
  note: string | null;
}

/** A worker in a drop-down: name, citizen ID (to tell namesakes apart) and employer. */
export interface WorkerOption {
  value: string;
  label: string;
  /** Citizen ID; null for a foreign worker known by passport only. */
  code: string | null;
  businessId: string | null;
  birthDate: string | null;
}
