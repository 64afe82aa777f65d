/**
 * The largest request body each endpoint takes, in bytes, stated once for the Worker and for the
 * tests that probe the limits. A contact message of 5,000 characters fills about 15 KB of JSON in
 * any script; percent-encoding can triple it in a form post. The consent form holds one button's
 * value. A rental booking, a storage booking, a cart reservation or a test drive is a handful of short fields; a
 * service request adds the owner's account of the fault, as long as a contact message. Anything past
 * `anyBody` is refused before any endpoint sees it.
 */
export const requestLimits = {
  anyBody: 64 * 1024,
  contactJson: 16 * 1024,
  contactForm: 52 * 1024,
  consentForm: 1024,
  rentalJson: 4 * 1024,
  rentalForm: 8 * 1024,
  reservationJson: 4 * 1024,
  reservationForm: 8 * 1024,
  // A service request carries the owner's description of the fault, up to the contact form's length.
  serviceJson: 24 * 1024,
  serviceForm: 56 * 1024,
  storageJson: 4 * 1024,
  storageForm: 8 * 1024,
  testDriveJson: 4 * 1024,
  testDriveForm: 8 * 1024,
  /**
   * A staff page's post, photos from the phone among them: past Cloudflare Access only, since the
   * Worker holds a body in memory (128 MB an isolate) while it reads it. A plain form may carry a
   * handful of phone photos at once (2-6 MB each) or one at the 25 MB limit a photo may have; with
   * more, the page asks for fewer at a time.
   */
  staffForm: 48 * 1024 * 1024,
  /**
   * The trade-in page's one plain form: the cart's fields and up to six phone photos (2-6 MB each),
   * the staff form's figure for the same reason (the Worker holds the body in memory). It is the
   * one public address past `anyBody`, and only for its POST (worker/index.ts).
   */
  tradeInForm: 48 * 1024 * 1024,
} as const;
