import { defineWorkflow } from '../workflow/index.ts';

/**
 * Workplace accident rules (Law 84/2015 Arts 34–35, Decree 39/2016 Art 9): the class of an accident from its
 * victims, the investigation deadline rule that applies to it, who may extend it, and the difference between two
 * versions of a declaration; and the workflows of a declaration and of its investigation. The numbers themselves
 * (4, 7, 20, 30, 60 days) are LegalDeadline rows, seeded by the accidents module with their legal basis, never
 * constants here.
 */

export const SEVERITIES = ['light', 'serious', 'fatal'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const ACCIDENT_STATUSES = ['declared', 'returned', 'investigating', 'concluded'] as const;
export type AccidentStatus = (typeof ACCIDENT_STATUSES)[number];

export const INVESTIGATION_STATUSES = ['open', 'concluded'] as const;
export type InvestigationStatus = (typeof INVESTIGATION_STATUSES)[number];

/** The moves of a declaration (its detail also offers the receipt, which is a read, not a move). */
export const ACCIDENT_MOVES = ['amend', 'return', 'investigate', 'conclude'] as const;
export type AccidentMove = (typeof ACCIDENT_MOVES)[number];

/**
 * `declarant`: the employer or commune that declared it; `investigator`: the department; `investigation`: the
 * accident's own investigation, whose conclusion closes the accident's file.
 */
export const ACCIDENT_ACTORS = ['declarant', 'investigator', 'investigation'] as const;
export type AccidentActor = (typeof ACCIDENT_ACTORS)[number];

/**
 * A declaration's life (Law 84/2015 Arts 34–35). Its declarant amends it at any time (a new version, with why);
 * an amendment answers the department's request for completion. The department returns it for completion only
 * before investigating, and opens one investigation; the investigation's conclusion closes it.
 */
export const accidentWorkflow = defineWorkflow({
  name: 'accidents.declaration',
  statuses: ACCIDENT_STATUSES,
  actions: ACCIDENT_MOVES,
  actors: ACCIDENT_ACTORS,
  transitions: [
    { from: 'declared', action: 'amend', to: 'declared', actor: 'declarant', needs: { reason: true } },
    { from: 'returned', action: 'amend', to: 'declared', actor: 'declarant', needs: { reason: true } },
    { from: 'investigating', action: 'amend', to: 'investigating', actor: 'declarant', needs: { reason: true } },
    { from: 'concluded', action: 'amend', to: 'concluded', actor: 'declarant', needs: { reason: true } },
    {
      from: 'declared',
      action: 'return',
      to: 'returned',
      actor: 'investigator',
      needs: { reason: true },
      notify: 'accidentReturned',
    },
    { from: 'declared', action: 'investigate', to: 'investigating', actor: 'investigator' },
    { from: 'returned', action: 'investigate', to: 'investigating', actor: 'investigator' },
    { from: 'investigating', action: 'conclude', to: 'concluded', actor: 'investigation' },
  ],
});

export const INVESTIGATION_ACTIONS = ['update', 'extend', 'conclude'] as const;
export type InvestigationAction = (typeof INVESTIGATION_ACTIONS)[number];

/**
 * An investigation (Law 84/2015 Art 35): the department works on it while open — the team, the dossier, draft
 * conclusions, one extension of the deadline (when its class allows, see `mayExtend`) — and concludes it with the
 * report's date, conclusions and measures.
 */
export const investigationWorkflow = defineWorkflow({
  name: 'accidents.investigation',
  statuses: INVESTIGATION_STATUSES,
  actions: INVESTIGATION_ACTIONS,
  actors: ['investigator'],
  transitions: [
    { from: 'open', action: 'update', to: 'open', actor: 'investigator' },
    {
      from: 'open',
      action: 'conclude',
      to: 'concluded',
      actor: 'investigator',
      needs: { fields: ['concludedOn', 'conclusions', 'measures'] },
    },
    { from: 'open', action: 'extend', to: 'open', actor: 'investigator', needs: { reason: true, fields: ['days'] } },
  ],
});

/** The kinds of files of an accident dossier (Decree 39/2016 Art 16.1). */
export const DOSSIER_KINDS = [
  'sceneRecord',
  'sketch',
  'photo',
  'autopsy',
  'technicalExam',
  'statement',
  'report',
  'minutes',
  'injuryCertificate',
  'dischargeCertificate',
] as const;
export type DossierKind = (typeof DOSSIER_KINDS)[number];

/** Decree 39/2016 Art 9: fatal if anyone died, serious if anyone was seriously injured, otherwise light. */
export function accidentSeverity(victims: readonly { severity: Severity }[]): Severity {
  if (victims.some((v) => v.severity === 'fatal')) return 'fatal';
  if (victims.some((v) => v.severity === 'serious')) return 'serious';
  return 'light';
}

export interface VictimCounts {
  victimCount: number;
  deathCount: number;
  seriousCount: number;
}

export function victimCounts(victims: readonly { severity: Severity }[]): VictimCounts {
  return {
    victimCount: victims.length,
    deathCount: victims.filter((v) => v.severity === 'fatal').length,
    seriousCount: victims.filter((v) => v.severity === 'serious').length,
  };
}

/** The investigation classes of Law 84/2015 Art 35.6, each a LegalDeadline rule. */
export const INVESTIGATION_CLASSES = ['light', 'serious', 'multipleSerious', 'fatal', 'expert'] as const;
export type InvestigationClass = (typeof INVESTIGATION_CLASSES)[number];

export const INVESTIGATION_RULES: Record<InvestigationClass, string> = {
  light: 'accident.investigation.light',
  serious: 'accident.investigation.serious',
  multipleSerious: 'accident.investigation.multipleSerious',
  fatal: 'accident.investigation.fatal',
  expert: 'accident.investigation.expert',
};

export const INVESTIGATION_LEGAL_BASIS = 'Luật ATVSLĐ 84/2015 Điều 35 khoản 6';

/**
 * Art 35.6: light ≤ 4 days, one seriously injured ≤ 7, two or more ≤ 20, fatal ≤ 30, and ≤ 60 whenever a technical
 * or forensic examination is needed (whatever the class).
 */
export function investigationClass(
  counts: Pick<VictimCounts, 'deathCount' | 'seriousCount'>,
  expert: boolean,
): InvestigationClass {
  if (expert) return 'expert';
  if (counts.deathCount > 0) return 'fatal';
  if (counts.seriousCount >= 2) return 'multipleSerious';
  if (counts.seriousCount === 1) return 'serious';
  return 'light';
}

/**
 * Art 35.6 last sentence: the deadline of a serious (one or more seriously injured) or fatal accident may be
 * extended once, by no more than the deadline itself; a light accident's may not.
 */
export function mayExtend(cls: InvestigationClass, alreadyExtended: boolean): boolean {
  return !alreadyExtended && cls !== 'light';
}

/** Who must be told at once (Law Art 34.1.b/d): the triggers a routing rule names. */
export const ROUTING_TRIGGERS = ['fatal', 'seriousTwoOrMore', 'seriousOrFatal'] as const;
export type RoutingTrigger = (typeof ROUTING_TRIGGERS)[number];
export const ROUTING_RECIPIENTS = ['department', 'commune', 'communePolice'] as const;
export type RoutingRecipient = (typeof ROUTING_RECIPIENTS)[number];
export const ROUTING_DECLARANTS = ['any', 'employer', 'commune'] as const;
export type RoutingDeclarant = (typeof ROUTING_DECLARANTS)[number];

export function triggerMatches(trigger: RoutingTrigger, counts: Pick<VictimCounts, 'deathCount' | 'seriousCount'>) {
  if (trigger === 'fatal') return counts.deathCount > 0;
  if (trigger === 'seriousTwoOrMore') return counts.seriousCount >= 2;
  return counts.deathCount > 0 || counts.seriousCount > 0;
}

// -------------------------------------------------------------------------------------------------- versions

export type Snapshot = Record<string, unknown> & { victims?: Record<string, unknown>[] };

export interface FieldChange {
  /** 'occurredAt', or 'victims.1.severity' (1-based victim number). */
  field: string;
  before: unknown;
  after: unknown;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields that differ between two snapshots of a declaration, victims compared by position. */
export function diffSnapshots(before: Snapshot, after: Snapshot): FieldChange[] {
  const out: FieldChange[] = [];
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  keys.delete('victims');
  for (const key of [...keys].sort())
    if (!same(before[key], after[key]))
      out.push({ field: key, before: before[key] ?? null, after: after[key] ?? null });
  const bv = before.victims ?? [];
  const av = after.victims ?? [];
  for (let i = 0; i < Math.max(bv.length, av.length); i++) {
    const b = bv[i] ?? {};
    const a = av[i] ?? {};
    const vkeys = new Set([...Object.keys(b), ...Object.keys(a)]);
    for (const key of [...vkeys].sort())
      if (!same(b[key], a[key]))
        out.push({ field: `victims.${i + 1}.${key}`, before: b[key] ?? null, after: a[key] ?? null });
  }
  return out;
}

/** A moment as Vietnamese documents write it, in Vietnam's time: { date: 'dd/mm/yyyy', time: 'HH:mm' }. */
export function vietnamMoment(at: Date | string): { date: string; time: string; isoDate: string } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Ho_Chi_Minh',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(at));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    date: `${get('day')}/${get('month')}/${get('year')}`,
    time: `${get('hour')}:${get('minute')}`,
    isoDate: `${get('year')}-${get('month')}-${get('day')}`,
  };
}
