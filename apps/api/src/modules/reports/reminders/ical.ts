/**
 * A small iCalendar (RFC 5545) writer for all-day events with a display alarm — what a calendar feed of due
 * dates needs, nothing more. Text values are escaped (§3.3.11), content lines end in CRLF and are folded at 75
 * octets without splitting a UTF-8 character (§3.1), dates are DATE values (no time zone can move a due day).
 */

export interface CalendarEvent {
  /** Globally unique and stable: a client updates the event it already has instead of adding another. */
  uid: string;
  /** The day ('YYYY-MM-DD'). */
  date: string;
  summary: string;
  description?: string;
  url?: string;
  /** When the event's information was created (DTSTAMP), UTC. */
  stamp: Date;
  /** A display alarm this many days before the day (none when absent). */
  alarmDaysBefore?: number;
}

export interface Calendar {
  /** PRODID: who made the feed. */
  productId: string;
  /** The name a client shows for the subscribed calendar. */
  name: string;
  /** How often a client should fetch the feed again. */
  refreshHours?: number;
  events: readonly CalendarEvent[];
}

const CRLF = '\r\n';
const MAX_OCTETS = 75;

/** TEXT value escaping: backslash, semicolon, comma and line breaks (§3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * One content line folded into lines of at most 75 octets (the CRLF not counted); each continuation starts with
 * one space, which counts. Splits only between characters, never inside a UTF-8 sequence.
 */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > MAX_OCTETS) {
      out.push(current);
      current = ` ${char}`;
      octets = 1 + size;
    } else {
      current += char;
      octets += size;
    }
  }
  out.push(current);
  return out.join(CRLF);
}

const compactDate = (date: string) => date.replace(/-/g, '');

function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** UTC date-time form (§3.3.5, form #2). */
const utc = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** The whole calendar as text, CRLF line ends. */
export function renderCalendar(calendar: Calendar): string {
  const lines: string[] = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${escapeText(calendar.productId)}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
  ];
  if (calendar.refreshHours) {
    // RFC 7986 and the widely read non-standard twin.
    lines.push(`REFRESH-INTERVAL;VALUE=DURATION:PT${calendar.refreshHours}H`);
    lines.push(`X-PUBLISHED-TTL:PT${calendar.refreshHours}H`);
  }
  for (const e of calendar.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${escapeText(e.uid)}`,
      `DTSTAMP:${utc(e.stamp)}`,
      `DTSTART;VALUE=DATE:${compactDate(e.date)}`,
      // An all-day event ends (exclusive) the next day.
      `DTEND;VALUE=DATE:${compactDate(nextDay(e.date))}`,
      `SUMMARY:${escapeText(e.summary)}`,
      'TRANSP:TRANSPARENT',
    );
    if (e.description) lines.push(`DESCRIPTION:${escapeText(e.description)}`);
    // URI values are not TEXT: not escaped (§3.3.13).
    if (e.url) lines.push(`URL:${e.url}`);
    if (e.alarmDaysBefore !== undefined) {
      lines.push(
        'BEGIN:VALARM',
        'ACTION:DISPLAY',
        `TRIGGER:-P${e.alarmDaysBefore}D`,
        `DESCRIPTION:${escapeText(e.summary)}`,
        'END:VALARM',
      );
    }
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join(CRLF) + CRLF;
}
