import { describe, expect, it } from 'vitest';
import { breakpointOf, defaultLayout, parseLayoutSettings } from './ui-store.ts';

describe('UI state', () => {
  it('maps window widths to the spec breakpoints', () => {
    expect(breakpointOf(375)).toBe('xs');
    expect(breakpointOf(576)).toBe('sm');
    expect(breakpointOf(800)).toBe('md');
    expect(breakpointOf(1024)).toBe('lg');
    expect(breakpointOf(1366)).toBe('xl');
  });

  it('reads stored layout settings defensively', () => {
    expect(parseLayoutSettings(null)).toEqual(defaultLayout);
    expect(parseLayoutSettings('not json')).toEqual(defaultLayout);
    expect(parseLayoutSettings('[1,2]').layout).toBe('vertical');
    expect(
      parseLayoutSettings(
        JSON.stringify({
          layout: 'horizontal',
          contentWidth: 'boxed',
          navbar: { type: 'hidden' },
          footer: { type: 'sticky' },
          menuCollapsed: true,
        }),
      ),
    ).toEqual({
      layout: 'horizontal',
      contentWidth: 'boxed',
      navbar: { type: 'hidden' },
      footer: { type: 'sticky' },
      menuCollapsed: true,
    });
    expect(parseLayoutSettings(JSON.stringify({ layout: 'diagonal', navbar: 'x', menuCollapsed: 'yes' }))).toEqual(
      defaultLayout,
    );
  });
});
