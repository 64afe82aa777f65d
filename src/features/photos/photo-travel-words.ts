/**
 * Every word the photo sender (photo-travel.ts) shows while photos go, one place for all of them:
 * each line names the photo by its place in the choice and its file name, so a staff member on the
 * lot knows which one to take again.
 */
export const photoTravelWords = {
  /** "Photo 2 of 5 (IMG_0412.HEIC)": the start of every line about one photo. */
  photo: (number: number, total: number, name: string) => `Photo ${number} of ${total} (${name})`,
  waiting: "waiting its turn",
  shrinking: "making it smaller to send",
  sending: (percent: number) => `sending, ${percent} %`,
  /** The server's own words follow ("Added 1 photo."). */
  sent: "sent.",
  /** The server's refusal follows, naming what is wrong; sending it again would not help. */
  refused: "not added.",
  failed: "not sent: the connection failed. Send it again when the phone has a signal.",
  retry: "Send it again",
} as const;
