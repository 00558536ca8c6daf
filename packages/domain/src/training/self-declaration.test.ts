import { describe, expect, it } from 'vitest';
import {
  SELF_DECLARATION_ACTIONS,
  SELF_DECLARATION_STATUSES,
  acknowledgementNumber,
  selfDeclarationActions,
  selfDeclarationTransition,
  trainerNamesOf,
  type SelfDeclarationActor,
} from './self-declaration.ts';

/** The whole table: every status × action × actor, and what it leads to (null: not allowed). */
const EXPECTED: Record<string, string | null> = {
  'draft edit declarant': 'draft',
  'draft submit declarant': 'submitted',
  'draft delete declarant': 'deleted',
  'refused edit declarant': 'refused',
  'refused resubmit declarant': 'resubmitted',
  'refused delete declarant': 'deleted',
  'submitted acknowledge reviewer': 'acknowledged',
  'submitted refuse reviewer': 'refused',
  'resubmitted acknowledge reviewer': 'acknowledged',
  'resubmitted refuse reviewer': 'refused',
};

const cases = SELF_DECLARATION_STATUSES.flatMap((status) =>
  SELF_DECLARATION_ACTIONS.flatMap((action) =>
    (['declarant', 'reviewer'] as SelfDeclarationActor[]).map((actor) => [status, action, actor] as const),
  ),
);

describe('class A self-declaration state machine', () => {
  it.each(cases)('%s --%s--> as %s', (status, action, actor) => {
    const to = selfDeclarationTransition(status, action, actor)?.to ?? null;
    expect(to).toBe(EXPECTED[`${status} ${action} ${actor}`] ?? null);
  });

  it('an acknowledged file is final; a refusal needs a reason', () => {
    expect(selfDeclarationActions('acknowledged', 'declarant')).toEqual([]);
    expect(selfDeclarationActions('acknowledged', 'reviewer')).toEqual([]);
    expect(selfDeclarationTransition('submitted', 'refuse', 'reviewer')?.needs?.reason).toBe(true);
    expect(selfDeclarationActions('draft', 'reviewer')).toEqual([]);
  });

  it('numbers acknowledgements and reads the trainers one a line', () => {
    expect(acknowledgementNumber(7, 2026)).toBe('0007/2026/TCB-HLA');
    expect(trainerNamesOf(' Nguyễn Văn An \n\nTrần Thị Bích; Lê C ')).toEqual([
      'Nguyễn Văn An',
      'Trần Thị Bích',
      'Lê C',
    ]);
    expect(trainerNamesOf(null)).toEqual([]);
  });
});
