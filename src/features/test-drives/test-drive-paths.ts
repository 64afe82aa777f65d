import { privatePages } from "~/features/bookings/booking-paths";

/** Where a driver follows a test drive (a private page whose address carries its secret token) and its calendar file. */
export const { statusPath: testDriveStatusPath, calendarPath: testDriveCalendarPath } = privatePages("/test-drives");
