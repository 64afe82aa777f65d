/**
 * A booking as an iCalendar file (RFC 5545) for "Add to my calendar": one all-day event from the
 * start day through the return day, or, for a booking of a time (a test drive), that hour. Small enough to write here rather than take a dependency: the
 * rules that matter are TEXT escaping, CRLF line ends and folding at 75 octets.
 */

export interface CalendarEventInput {
  /** Globally unique and stable, so a second download updates the event instead of adding one. */
  uid: string;
  /** When the file was made. */
  stamp: Date;
  /** First day, "YYYY-MM-DD". */
  firstDay: string;
  /** Last day shown, "YYYY-MM-DD", included. */
  lastDay: string;
  /** A booking of a time rather than whole days: its start and end instants, written in UTC. */
  at?: { start: Date; end: Date };
  summary: string;
  description: string;
  location?: string;
  url?: string;
  status: "TENTATIVE" | "CONFIRMED" | "CANCELLED";
  /** Who made the file, as PRODID names it. */
  producer: string;
}

/** A TEXT value: backslash, semicolon and comma escaped, line breaks as \n. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

const encoder = new TextEncoder();

/**
 * Splits a content line into pieces of at most 75 octets, each after the first starting with a
 * space (which counts towards its 75), never cutting a UTF-8 character in two.
 */
export function foldLine(line: string): string {
  const pieces: string[] = [];
  let piece = "";
  let pieceBytes = 0;
  for (const character of line) {
    const bytes = encoder.encode(character).byteLength;
    const limit = pieces.length === 0 ? 75 : 74;
    if (pieceBytes + bytes > limit) {
      pieces.push(piece);
      piece = "";
      pieceBytes = 0;
    }
    piece += character;
    pieceBytes += bytes;
  }
  pieces.push(piece);
  return pieces.join("\r\n ");
}

const basicDate = (day: string) => day.replace(/-/g, "");

function basicStamp(instant: Date): string {
  return instant
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "");
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

export function calendarFile(event: CalendarEventInput): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${escapeText(event.producer)}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `DTSTAMP:${basicStamp(event.stamp)}`,
    ...(event.at
      ? [`DTSTART:${basicStamp(event.at.start)}`, `DTEND:${basicStamp(event.at.end)}`]
      : [
          `DTSTART;VALUE=DATE:${basicDate(event.firstDay)}`,
          // An all-day DTEND is the day after the last one shown (RFC 5545 3.6.1).
          `DTEND;VALUE=DATE:${basicDate(nextDay(event.lastDay))}`,
        ]),
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    `STATUS:${event.status}`,
    // A drive at a time takes the driver's hour; whole days only mark the calendar.
    `TRANSP:${event.at ? "OPAQUE" : "TRANSPARENT"}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
