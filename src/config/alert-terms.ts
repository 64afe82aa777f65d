import { rentalWaitingWords } from "./rental-waiting";

/**
 * "Tell me when" alerts (issue 40): every figure a visitor reads about them, and every limit the
 * server holds them to, stated once. The pages, the e-mails, the privacy page, the cron job and the
 * tests read these.
 */
export const alertTerms = {
  /** An unconfirmed request is deleted this long after it was made. */
  unconfirmedDays: 7,
  /** A confirmed alert ends this long after it was confirmed or last renewed. */
  confirmedMonths: 6,
  /** At most one alert e-mail per alert within this many hours. */
  hoursBetweenEmails: 24,
  /** Unconfirmed requests one address may have at once (the booking limit's figure). */
  unconfirmedPerAddress: 2,
  /**
   * Requests from one client (an IP address, an IPv6 /64) not yet confirmed, across every address,
   * within the unconfirmed period: three addresses at their own limit.
   */
  unconfirmedPerClient: 6,
  /** Requests one client may make in any 60 minutes, stored or not (a repeat counts too). */
  requestsPerClientPerHour: 5,
  /**
   * The same two for every client of one network (an IPv4 /24, an IPv6 /48): one more than a
   * client, so a neighbour on a shared block still gets through, while a /48's 65,536 /64s count
   * as little more than one client.
   */
  unconfirmedPerNetwork: 7,
  requestsPerNetworkPerHour: 6,
  /**
   * Requests from everyone together in any 60 minutes before the site asks visitors to call:
   * `visitorLimits.networksToReachACap` networks at their hourly figure, so a few cannot reach it.
   */
  requestsPerHour: 60,
  /** Largest request body, in bytes: an address and a few filters. */
  bodyBytes: 4 * 1024,
} as const;

/** The words visitors read about alerts, built from the figures above. */
export const alertWords = {
  searchButton: "E-mail me when a cart like this arrives",
  priceButton: "E-mail me if the price drops",
  backButton: "E-mail me when it is back",
  rentalButton: rentalWaitingWords.button,
  emailLabel: "Your e-mail address",
  requestHeading: "E-mail alerts",
  vehicleHeading: "Hear about this cart",
  how: `We send one e-mail to confirm the address first; nothing else until you confirm. An unconfirmed request is deleted after ${alertTerms.unconfirmedDays} days; a confirmed alert ends after ${alertTerms.confirmedMonths} months unless you renew it, and sends at most one e-mail a day.`,
  accepted:
    "Thank you. If this address can receive alerts, a confirmation e-mail is on its way: open its link and press the button to start the alert.",
  confirmHeading: "Confirm your alert",
  confirmButton: "Start my alert",
  confirmed: `Your alert is on. We will e-mail you at most once a day when something new matches, for ${alertTerms.confirmedMonths} months; each e-mail has a link to renew or stop it.`,
  confirmGone: `This link no longer confirms anything: the request was already confirmed, stopped, or made more than ${alertTerms.unconfirmedDays} days ago.`,
  manageHeading: "Your alert",
  unsubscribeButton: "Stop this alert",
  renewButton: `Keep it for another ${alertTerms.confirmedMonths} months`,
  unsubscribed: "The alert is stopped and deleted. You will get no more e-mails from it.",
  renewed: `The alert is renewed for another ${alertTerms.confirmedMonths} months.`,
  manageGone: "This link no longer names an alert: it was stopped, or it has ended.",
  tooManyFromClient:
    "Too many alert requests from your connection in the last hour. Please try again later, or call us.",
  tooManyFromNetwork:
    "Too many alert requests from your network (the block of internet addresses yours is in) in the last hour. Please try again later, or call us.",
  tooManyWaitingFromClient: `Your connection has ${alertTerms.unconfirmedPerClient} alert requests waiting to be confirmed. Please confirm them from their e-mails first, or call us.`,
  tooManyWaitingFromNetwork: `Your network (the block of internet addresses yours is in) has ${alertTerms.unconfirmedPerNetwork} alert requests waiting to be confirmed. Please confirm them from their e-mails first, or call us.`,
  overHourlyCap: "We are receiving an unusual number of alert requests and cannot take yours right now.",
} as const;
