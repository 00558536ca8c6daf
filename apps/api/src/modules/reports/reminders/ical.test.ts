import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, renderCalendar } from './ical.ts';

const octets = (s: string) => Buffer.byteLength(s, 'utf8');
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, '');

describe('iCalendar writer', () => {
  it('escapes backslash, semicolon, comma and line breaks in text', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('folds at 75 octets without splitting a Vietnamese character, and unfolds to the same line', () => {
    const line = `SUMMARY:${'Báo cáo công tác an toàn, vệ sinh lao động năm 2026 — Đắk Nông '.repeat(4)}`;
    const folded = foldLine(line);
    const physical = folded.split('\r\n');
    expect(physical.length).toBeGreaterThan(3);
    for (const [i, p] of physical.entries()) {
      expect(octets(p), p).toBeLessThanOrEqual(75);
      if (i > 0) expect(p.startsWith(' ')).toBe(true);
      // Each piece is whole UTF-8: no replacement character when decoded on its own.
      expect(Buffer.from(p, 'utf8').toString('utf8')).toBe(p);
    }
    // Folded as full as possible: a piece is short only when the next character would not fit.
    for (const p of physical.slice(0, -1)) expect(octets(p)).toBeGreaterThan(72);
    expect(unfold(folded)).toBe(line);
    expect(foldLine('SHORT:x')).toBe('SHORT:x');
  });

  it('writes all-day events with an alarm, CRLF line ends, exclusive end day', () => {
    const text = renderCalendar({
      productId: '-//Cổng//VI',
      name: 'Hạn nộp báo cáo',
      refreshHours: 12,
      events: [
        {
          uid: 'x@portal',
          date: '2026-12-31',
          summary: 'Báo cáo, kỳ 2026; nộp',
          description: 'Dòng 1\nDòng 2',
          url: 'https://portal.example/nop-bao-cao/danh-sach?a=1&b=2',
          stamp: new Date('2026-11-28T01:02:03.456Z'),
          alarmDaysBefore: 7,
        },
      ],
    });
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = unfold(text).split('\r\n');
    expect(lines).toContain('DTSTART;VALUE=DATE:20261231');
    expect(lines).toContain('DTEND;VALUE=DATE:20270101');
    expect(lines).toContain('DTSTAMP:20261128T010203Z');
    expect(lines).toContain('SUMMARY:Báo cáo\\, kỳ 2026\\; nộp');
    expect(lines).toContain('DESCRIPTION:Dòng 1\\nDòng 2');
    expect(lines).toContain('URL:https://portal.example/nop-bao-cao/danh-sach?a=1&b=2');
    expect(lines).toContain('TRIGGER:-P7D');
    expect(lines).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT12H');
    expect(lines.indexOf('BEGIN:VALARM')).toBeLessThan(lines.indexOf('END:VEVENT'));
  });
});
