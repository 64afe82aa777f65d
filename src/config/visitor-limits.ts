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
   * What one client (an IP address, an IPv6 /64, as client-key.server.ts counts them) may ask of
   * each kind, whatever names and addresses its requests carry. `waiting`: three people of one
   * household each at their own limit; `waitingOnTheDays`: on the days a new request asks for, one
   * person's worth, so one connection holds 2 of a day's 8 at-home test drives, never the day;
   * `placedPerHour`: a booking, or one made again after cancelling a mistake, and a cancelled
   * request still counts, so a book-then-cancel loop stops here instead of at everyone's cap.
   */
  client: { waiting: 6, waitingOnTheDays: 2, placedPerHour: 2 },
  /**
   * The same, for every client of one network (an IPv4 /24, an IPv6 /48): one more than a client
   * may have, so a neighbour on a shared block still gets one through, while the 65,536 /64s of a
   * /48 count as little more than one client.
   */
  network: { waiting: 7, waitingOnTheDays: 3, placedPerHour: 3 },
  /**
   * The fewest networks that can together reach a cap that serves everyone (a kind's hourly cap,
   * alerts' hourly figure): each cap is at least this many times a network's hourly figure, so one
   * or a few senders can never make the site turn every visitor away.
   */
  networksToReachACap: 10,
  /**
   * Contact-form messages one client and one network may send in any 60 minutes, whatever names
   * they carry: a message and a second thought from one connection, one more from its network for
   * a neighbour on a shared block. The per-minute rate limiter alone let one client fill everyone's
   * hour (`contactMessagesPerHour`) in 6 minutes.
   */
  contactMessagesFrom: { client: 2, network: 3 },
  /**
   * Trade-in photos sent one by one ahead of the form (issue 58), in any 60 minutes: per draft
   * (one filling-in of the form) twice its six photos, for a photo chosen again or sent again after
   * a dropped connection; per client three such drafts, a family trading two carts and a slip.
   */
  tradeInDraftPhotosFrom: { draft: 12, client: 36 },
  /**
   * Contact messages stored per clock hour (UTC) from everyone, when the Worker's
   * CONTACT_HOURLY_CAP (wrangler.toml) is missing or not a positive whole number:
   * `networksToReachACap` networks at their hourly figure.
   */
  contactMessagesPerHour: 30,
  /** Customer e-mails one address receives from the site in an hour, staff's answers aside. */
  customerEmailsPerHour: 3,
  /**
   * New booking requests of each kind within any 60 minutes, all visitors together, when the
   * Worker's BOOKING_HOURLY_CAP (wrangler.toml) is missing or not a positive whole number:
   * `networksToReachACap` networks at their hourly figure.
   */
  bookingsPerHour: 30,
  /**
   * Deposit checkouts (Stripe Checkout Sessions) opened in any 60 minutes: per booking (a payment
   * page closed by mistake, a card refused, another card), per e-mail address, per client and for
   * everyone together. Each is a call to Stripe and a row here, so none may run without end.
   */
  checkouts: { perBooking: 5, perEmail: 8, perClient: 8, everyone: 120 },
} as const;

/** What one sender (a client, or the network it is in) may ask of one kind of booking. */
export interface SenderLimits {
  /** Requests of the kind waiting for staff's answer. */
  waiting: number;
  /** Of those, the ones on any of the days a new request asks for. */
  waitingOnTheDays: number;
  /** Requests of the kind placed within the window, whatever became of them since. */
  placedPerHour: number;
}

export type Sender = "client" | "network";

/** How a refusal names the sender that reached its limit: its connection, or the network it is in. */
export const senderWords: Record<Sender, { yours: string; one: string }> = {
  client: { yours: "Your connection", one: "one connection" },
  network: { yours: "Your network (the block of internet addresses yours is in)", one: "one network" },
};
