import { describe, expect, it } from 'vitest';
import { choiceNoLongerFits, dependentParams } from './dependent-options.ts';

describe('dependent pickers', () => {
  const dependsOn = { equipmentId: 'equipmentId', on: 'inspectionDate', organizationId: 'organizationId' };

  it('sends the named fields under the drop-down parameters, leaving empty ones out', () => {
    expect(
      dependentParams(dependsOn, { equipmentId: 'm1', inspectionDate: '2026-05-04', organizationId: null, note: 'x' }),
    ).toEqual({ equipmentId: 'm1', on: '2026-05-04' });
    expect(dependentParams(dependsOn, { equipmentId: '', inspectionDate: undefined })).toEqual({});
  });

  it('clears a choice the current answer marks as filtered out, once the user changed what it depends on', () => {
    const options = [{ value: 'a' }, { value: 'b', filteredOut: true }];
    expect(choiceNoLongerFits({ value: 'b', options, current: true, dependenciesChanged: true })).toBe(true);
    expect(choiceNoLongerFits({ value: 'a', options, current: true, dependenciesChanged: true })).toBe(false);
    // A stored record keeps its value until the user changes the fields it depends on.
    expect(choiceNoLongerFits({ value: 'b', options, current: true, dependenciesChanged: false })).toBe(false);
    // An answer for the previous values, still shown while the new one loads, decides nothing.
    expect(choiceNoLongerFits({ value: 'b', options, current: false, dependenciesChanged: true })).toBe(false);
    expect(choiceNoLongerFits({ value: null, options, current: true, dependenciesChanged: true })).toBe(false);
  });
});
