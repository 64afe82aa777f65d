/** Where a driver follows a test drive: a private page whose address carries the booking's secret token. */
export function testDriveStatusPath(token: string): string {
  return `/test-drives/${encodeURIComponent(token)}`;
}

/** The test drive's calendar file, beside its status page. */
export function testDriveCalendarPath(token: string): string {
  return `${testDriveStatusPath(token)}/calendar.ics`;
}
