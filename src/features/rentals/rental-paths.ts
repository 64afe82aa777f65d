/** Where a renter follows a booking: a private page whose address carries the booking's secret token. */
export function rentalBookingStatusPath(token: string): string {
  return `/rentals/booking/${encodeURIComponent(token)}`;
}
