/**
 * How much one visitor, and everyone together, can ask of the site before it asks them to call
 * instead: every booking holds a place staff must answer within hours, and every customer e-mail
 * goes to an address a visitor typed, which may be a stranger's. The phone is always open.
 */
export const visitorLimits = {
  /** The window the hourly limits count in: any 60 minutes, as seconds (the database's clock). */
  windowSeconds: 3600,
  /**
   * Requests of one kind still waiting for staff's answer per e-mail address and per phone number:
   * a family booking two carts for one weekend gets through; a bot holding every cart does not.
   */
  waitingRequestsPerPerson: 2,
  /**
   * Requests of one kind still waiting for staff's answer from one client (an IP address, an IPv6
   * /64, as client-key.server.ts counts them), whatever names and addresses they carry: three
   * people of one household each at their own limit. A bot inventing people stops here instead of
   * filling a day, and the hourly cap for everyone stays the last resort.
   */
  waitingRequestsPerClient: 6,
  /** Customer e-mails one address receives from the site in an hour, staff's answers aside. */
  customerEmailsPerHour: 3,
  /**
   * New booking requests of each kind within any 60 minutes, all visitors together, when the
   * Worker's BOOKING_HOURLY_CAP (wrangler.toml) is missing or not a positive whole number.
   */
  bookingsPerHour: 30,
} as const;
