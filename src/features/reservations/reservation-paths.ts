import { privatePages } from "~/features/bookings/booking-paths";

/** Where a buyer follows a reservation: a private page whose address carries the reservation's secret token. */
export const { statusPath: reservationStatusPath } = privatePages("/reservations");
