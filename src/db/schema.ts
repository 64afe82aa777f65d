import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * Mirrors migrations/*.sql, which are the source of truth for the database: change a migration
 * first, then this file. JSON columns hold lists and the free-form specifications object.
 */
export const vehicles = sqliteTable(
  "vehicles",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    brand: text("brand").notNull(),
    category: text("category").notNull(),
    price: integer("price").notNull(),
    description: text("description").notNull(),
    images: text("images", { mode: "json" }).$type<string[]>().notNull(),
    externalUrl: text("external_url"),
    inStock: integer("in_stock", { mode: "boolean" }).notNull(),
    isNew: integer("is_new", { mode: "boolean" }).notNull(),
    features: text("features", { mode: "json" }).$type<string[]>().notNull(),
    specifications: text("specifications", { mode: "json" }).$type<Record<string, string | number>>().notNull(),
    /** Field paths whose values are examples the dealer has not confirmed (migration 0003). */
    exampleFields: text("example_fields", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    /** Golf cart or street-legal low-speed vehicle (migration 0010). */
    roadClass: text("road_class").$type<"golf-cart" | "lsv">().notNull().default("golf-cart"),
    /** How many of this vehicle are on the lot; reservations count against it (migration 0010). */
    unitsInStock: integer("units_in_stock").notNull().default(0),
    /** draft and hidden are staff-only; a listed vehicle is for-sale or sold by its stock (migration 0022). */
    status: text("status").$type<"draft" | "for-sale" | "sold" | "hidden">().notNull().default("for-sale"),
    /** The dealer's stock or serial number: staff only (migration 0022). */
    stockNumber: text("stock_number"),
    colour: text("colour"),
    /** A pre-owned cart's sale: as is, or with a warranty; null when staff have not said (migration 0025). */
    saleWarranty: text("sale_warranty").$type<"as-is" | "warranty">(),
    /** When it first went on the site; created_at is when it was added ("time to line"). */
    publishedAt: text("published_at"),
    /** Moved by every change: a staff form's save is guarded by the version it was shown with. */
    version: integer("version").notNull().default(1),
    /** Who made the latest change, read by the history trigger (migration 0022). */
    changedBy: text("changed_by").notNull().default("terminal"),
    createdAt: text("created_at")
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
    updatedAt: text("updated_at")
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
  },
  (table) => [index("vehicles_brand_idx").on(table.brand), index("vehicles_status_idx").on(table.status)],
);

/**
 * One row per field a change of a vehicle moved, written by the database's own triggers (migration
 * 0022): who, when, and the stored value before and after (JSON text for lists and specifications).
 * Rows of one change share the vehicle's version after it.
 */
export const vehicleChanges = sqliteTable(
  "vehicle_changes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    vehicleId: text("vehicle_id").notNull(),
    version: integer("version").notNull(),
    changedBy: text("changed_by").notNull(),
    changedAt: text("changed_at")
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
    field: text("field").notNull(),
    before: text("before").$type<string | number | null>(),
    after: text("after").$type<string | number | null>(),
  },
  (table) => [index("vehicle_changes_vehicle_idx").on(table.vehicleId, table.id)],
);

export type ContactMessageStatus = "queued" | "sent" | "failed";

/**
 * A booking's events a contact message tells of: its placing, the status a change moved it to, or
 * the day-before reminder (migration 0019).
 */
export type ContactBookingEvent =
  | "placed"
  | "confirmed"
  | "declined"
  | "cancelled"
  | "expired"
  | "sold"
  | "reminder"
  /** A rental's paperwork link, sent again at staff's request (migration 0027). */
  | "paperwork"
  /** A rental's signed paperwork, its PDF attached (migration 0027). */
  | "signed"
  /** The receipt of a deposit paid online (migration 0028). */
  | "deposit-paid"
  /** A deposit refunded, in full or in part, and why (migration 0028). */
  | "refunded";

/** What only the customer's e-mail of a new booking carries: their private link, and its calendar file. */
export interface CustomerPrivate {
  /** The status page's path, with the booking's secret token (none on a signed PDF's e-mail). */
  statusPath?: string;
  /** The .ics the status page offers, when the kind has one. */
  calendar?: { filename: string; content: string };
  /** Signed paperwork: the PDF's key in the private PAPERWORK bucket, attached by the consumer. */
  pdf?: { filename: string; key: string };
  /** Paperwork links to sign from: the renter's and each additional driver's (migration 0027). */
  paperwork?: { label: string; path: string }[];
  /** A money e-mail's payment (booking_payments.id, migration 0028). */
  payment?: number;
}

export const contactMessages = sqliteTable(
  "contact_messages",
  {
    id: text("id").primaryKey(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    interest: text("interest").notNull(),
    message: text("message").notNull(),
    /** The vehicle page the visitor wrote from, if any. */
    vehicleId: text("vehicle_id"),
    status: text("status").$type<ContactMessageStatus>().notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: text("created_at")
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
    updatedAt: text("updated_at")
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
    enqueuedAt: text("enqueued_at"),
    /** When every copy owed was sent (status "sent"). */
    sentAt: text("sent_at"),
    /** Per recipient (migration 0004): a retry sends only the copies still owed. */
    staffSentAt: text("staff_sent_at"),
    crmSentAt: text("crm_sent_at"),
    /** The delivery holding the message may send it until then; another one leaves it alone. */
    claimedUntil: text("claimed_until"),
    claimToken: text("claim_token"),
    /** The booking this message announces to staff (migration 0011), if any. */
    bookingReference: text("booking_reference"),
    /** Which event of the booking (migration 0012): "placed", or the status a change moved it to. */
    bookingEvent: text("booking_event").$type<ContactBookingEvent>(),
    /** The customer's copy (migration 0012): when it was accepted, or why it never will be. */
    customerSentAt: text("customer_sent_at"),
    customerError: text("customer_error"),
    /** The private link and calendar file the customer's copy carries; erased once it is sent or given up. */
    customerPrivate: text("customer_private", { mode: "json" }).$type<CustomerPrivate>(),
    /** The address as the hourly limit on customer e-mails compares it (migration 0016). */
    emailKey: text("email_key").notNull().default(""),
    /** When the customer's copy took one of its address's places in the hour; set once. */
    customerMailAt: text("customer_mail_at"),
    /** The copy answers the customer on staff's behalf, which the hourly limit never holds back. */
    staffAnswer: integer("staff_answer", { mode: "boolean" }).notNull().default(false),
    /**
     * A contact-form message's sender, its client and network (migration 0026), for the limits on
     * what one sender may send in an hour; blanked once the hour has passed, empty on the site's own.
     */
    clientKey: text("client_key").notNull().default(""),
    networkKey: text("network_key").notNull().default(""),
    /** The trade-in this message announces or answers (migration 0029), if any. */
    tradeInId: text("trade_in_id"),
    tradeInEvent: text("trade_in_event").$type<TradeInEvent>(),
  },
  (table) => [
    index("contact_messages_status_idx").on(table.status, table.updatedAt),
    index("contact_messages_created_idx").on(table.createdAt),
    index("contact_messages_customer_mail_idx").on(table.emailKey, table.customerMailAt),
    index("contact_messages_client_idx").on(table.clientKey, table.createdAt),
    index("contact_messages_network_idx").on(table.networkKey, table.createdAt),
  ],
);

/** Contact messages stored per clock hour (UTC), for the global hourly cap (migration 0005). */
export const contactHourlyCounts = sqliteTable("contact_hourly_counts", {
  /** The hour as "2026-11-23T06". */
  hour: text("hour").primaryKey(),
  messages: integer("messages").notNull().default(0),
});

/** The one e-mail per cap and hour telling staff that visitors were turned away (migration 0016). */
export const hourlyCapNotices = sqliteTable(
  "hourly_cap_notices",
  {
    /** "contact", or the kind of booking. */
    scope: text("scope").notNull(),
    /** The hour as "2026-11-23T06". */
    hour: text("hour").notNull(),
    sentAt: text("sent_at")
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
  },
  (table) => [primaryKey({ columns: [table.scope, table.hour] })],
);

/**
 * The kinds of booking, one row each (migration 0020): pools and bookings name theirs by reference,
 * so a new kind is a row here rather than a rebuild of both tables.
 */
export const bookingKindRows = sqliteTable("booking_kinds", {
  kind: text("kind").primaryKey(),
});

/** A pool of identical things customers book, with its capacity per day (migrations 0011, 0020). */
export const bookingPools = sqliteTable("booking_pools", {
  pool: text("pool").primaryKey(),
  kind: text("kind")
    .notNull()
    .references(() => bookingKindRows.kind),
  capacity: integer("capacity").notNull(),
  /** Days of the week (0 = Sunday) on which the pool has nothing to give, as digits: "0". */
  closedWeekdays: text("closed_weekdays").notNull().default(""),
});

/** One of a pool out of service from firstDay to the day before endDay (migration 0011). */
export const bookingBlocks = sqliteTable(
  "booking_blocks",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    pool: text("pool").notNull(),
    firstDay: text("first_day").notNull(),
    /** Exclusive, like a booking's endDay. */
    endDay: text("end_day").notNull(),
    note: text("note"),
    createdAt: text("created_at")
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
  },
  (table) => [index("booking_blocks_pool_idx").on(table.pool, table.firstDay, table.endDay)],
);

/** A customer's booking of one of a pool (migrations 0011, 0020); requested and confirmed ones take it. */
export const bookings = sqliteTable(
  "bookings",
  {
    reference: text("reference").primaryKey(),
    /** SHA-256 (hex) of the token in the customer's private link; the token itself is never stored. */
    tokenHash: text("token_hash").notNull().unique(),
    kind: text("kind")
      .notNull()
      .references(() => bookingKindRows.kind),
    pool: text("pool").notNull(),
    startDay: text("start_day").notNull(),
    /** Exclusive; "9999-12-31" for a hold with no last day (a cart reservation). */
    endDay: text("end_day").notNull(),
    status: text("status").notNull().default("requested"),
    request: text("request", { mode: "json" }).$type<unknown>().notNull(),
    quote: text("quote", { mode: "json" }).$type<unknown>().notNull(),
    summary: text("summary").notNull(),
    announcement: text("announcement").notNull(),
    interest: text("interest").notNull(),
    vehicleId: text("vehicle_id"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    createdAt: text("created_at")
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
    updatedAt: text("updated_at")
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
    decidedAt: text("decided_at"),
    /** The person as the per-person limits compare them (migration 0016). */
    emailKey: text("email_key").notNull().default(""),
    phoneKey: text("phone_key").notNull().default(""),
    /** Who made the last status change: "customer", "site" (the cron job), else staff. */
    decidedBy: text("decided_by"),
    /** When an unanswered request's hold ends, where not its kind's hold hours (migration 0028). */
    holdUntil: text("hold_until"),
  },
  (table) => [
    index("bookings_capacity_idx").on(table.pool, table.status, table.startDay, table.endDay),
    index("bookings_waiting_idx").on(table.status, table.createdAt),
    index("bookings_kind_idx").on(table.kind, table.startDay),
    index("bookings_email_key_idx").on(table.emailKey, table.kind, table.status),
    index("bookings_phone_key_idx").on(table.phoneKey, table.kind, table.status),
    index("bookings_kind_created_idx").on(table.kind, table.createdAt),
  ],
);

/** The dealer's own photos per place, in page order (migrations 0013 and 0014). */
export const dealerPhotos = sqliteTable("dealer_photos", {
  place: text("place").primaryKey(),
  images: text("images", { mode: "json" }).$type<string[]>().notNull(),
});

/**
 * How many times buyers' holds on each vehicle changed, which its own pages' edge-cache copies are
 * keyed by (migration 0017); no row: never changed.
 */
export const vehicleHoldVersions = sqliteTable("vehicle_hold_versions", {
  vehicleId: text("vehicle_id").primaryKey(),
  version: integer("version").notNull(),
});

/** Every status change of a booking, who made it and when (migration 0018, written by a trigger). */
export const bookingChanges = sqliteTable(
  "booking_changes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    reference: text("reference").notNull(),
    status: text("status").notNull(),
    /** A staff member's Access e-mail address, "terminal" (the command), "customer" or "site". */
    changedBy: text("changed_by"),
    changedAt: text("changed_at").notNull(),
  },
  (table) => [index("booking_changes_reference_idx").on(table.reference, table.id)],
);

/**
 * A booking's day-before reminder while it is owed (migration 0019): the private status path the
 * request that placed it kept for it, erased when the reminder is stored or the booking ends.
 */
export const bookingReminders = sqliteTable(
  "booking_reminders",
  {
    reference: text("reference").primaryKey(),
    /** The day the reminder goes: the day before the booking's first day, on the dealer's calendar. */
    dueDay: text("due_day").notNull(),
    statusPath: text("status_path"),
    createdAt: text("created_at")
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
    /** When the reminder message was stored; null while it is still owed. */
    remindedAt: text("reminded_at"),
  },
  (table) => [index("booking_reminders_due_idx").on(table.dueDay)],
);

export type AlertKind = "search" | "price" | "back" | "rental";

/**
 * A visitor's request to hear of a cart matching a search, a vehicle's lower price or return to
 * sale, or a rental class freeing up (migration 0021); nothing but its confirmation e-mail goes out
 * until it is confirmed.
 */
export const alerts = sqliteTable(
  "alerts",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    /** The address as its mailbox receives it: what the per-address limit counts. */
    emailKey: text("email_key").notNull(),
    /** The sender's key: what the per-client hourly limit counts. */
    clientKey: text("client_key").notNull(),
    kind: text("kind").$type<AlertKind>().notNull(),
    /** What is watched, as the API took it (JSON). */
    subject: text("subject", { mode: "json" }).$type<unknown>().notNull(),
    /** The same in one canonical line, for staff's counts and to refuse a second identical alert. */
    subjectKey: text("subject_key").notNull(),
    status: text("status").$type<"unconfirmed" | "confirmed">().notNull().default("unconfirmed"),
    createdAt: text("created_at")
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
    confirmedAt: text("confirmed_at"),
    /** When a confirmed alert ends unless renewed. */
    endsAt: text("ends_at"),
    /** The last alert e-mail made for it: at most one a day. */
    lastMailedAt: text("last_mailed_at"),
  },
  (table) => [
    index("alerts_email_idx").on(table.emailKey, table.createdAt),
    index("alerts_client_idx").on(table.clientKey, table.createdAt),
    index("alerts_created_idx").on(table.createdAt),
    index("alerts_status_idx").on(table.status, table.kind),
    uniqueIndex("alerts_subject_idx").on(table.emailKey, table.kind, table.subjectKey),
  ],
);

/** The tokens of an alert's private links, stored only as SHA-256 hashes (migration 0021). */
export const alertTokens = sqliteTable(
  "alert_tokens",
  {
    hash: text("hash").primaryKey(),
    alertId: text("alert_id")
      .notNull()
      .references(() => alerts.id, { onDelete: "cascade" }),
    purpose: text("purpose").$type<"confirm" | "manage">().notNull(),
    createdAt: text("created_at")
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
  },
  (table) => [index("alert_tokens_alert_idx").on(table.alertId)],
);

/**
 * Each thing an alert has matched, once (migration 0021); `mailId` is set once, by the statement
 * that puts it in an e-mail ("baseline" for what already matched at confirmation, never sent).
 */
export const alertMatches = sqliteTable(
  "alert_matches",
  {
    alertId: text("alert_id")
      .notNull()
      .references(() => alerts.id, { onDelete: "cascade" }),
    matchKey: text("match_key").notNull(),
    /** The vehicle it is about (none for a rental). */
    vehicleId: text("vehicle_id"),
    /** The site's page to open. */
    link: text("link").notNull(),
    /** Why it matched, in the site's words. */
    reason: text("reason").notNull(),
    price: integer("price"),
    foundAt: text("found_at")
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
    mailId: text("mail_id"),
  },
  (table) => [
    primaryKey({ columns: [table.alertId, table.matchKey] }),
    index("alert_matches_mail_idx").on(table.mailId),
  ],
);

/**
 * The e-mails of alerts, stored before they are queued (migration 0021): the confirmation and each
 * alert. `private` holds the links with tokens and is erased once the e-mail is sent or given up.
 */
export const alertMail = sqliteTable(
  "alert_mail",
  {
    id: text("id").primaryKey(),
    alertId: text("alert_id")
      .notNull()
      .references(() => alerts.id, { onDelete: "cascade" }),
    purpose: text("purpose").$type<"confirm" | "alert">().notNull(),
    private: text("private", { mode: "json" }).$type<{ confirmPath?: string; managePath?: string }>(),
    createdAt: text("created_at")
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
    enqueuedAt: text("enqueued_at"),
    claimedUntil: text("claimed_until"),
    attempts: integer("attempts").notNull().default(0),
    sentAt: text("sent_at"),
    error: text("error"),
  },
  (table) => [
    index("alert_mail_alert_idx").on(table.alertId),
    index("alert_mail_unsent_idx").on(table.sentAt, table.enqueuedAt),
  ],
);

/** An additional driver's waiver link, by its token's hash (migration 0027). */
export const paperworkLinks = sqliteTable("paperwork_links", {
  tokenHash: text("token_hash").primaryKey(),
  reference: text("reference").notNull(),
  signer: text("signer").notNull(),
  createdAt: text("created_at")
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
});

/** One signature per booking and signer, its PDF in the PAPERWORK bucket (migration 0027). */
export const paperworkSignatures = sqliteTable(
  "paperwork_signatures",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    reference: text("reference").notNull(),
    signer: text("signer").notNull(),
    document: text("document").notNull(),
    signerName: text("signer_name").notNull(),
    signedAt: text("signed_at").notNull(),
    textVersion: text("text_version").notNull(),
    textSha256: text("text_sha256").notNull(),
    signedText: text("signed_text").notNull(),
    pdfKey: text("pdf_key").notNull(),
    pdfBytes: integer("pdf_bytes").notNull(),
    deleteAfter: text("delete_after").notNull(),
  },
  (table) => [uniqueIndex("paperwork_signatures_one_idx").on(table.reference, table.signer)],
);

/** The states a deposit payment moves through (migration 0028 says what each means). */
export const paymentStates = ["open", "expired", "paid", "refunding", "refunded", "kept"] as const;
export type PaymentState = (typeof paymentStates)[number];

/** One checkout a customer opened for a booking's deposit, and what became of its money (migration 0028). */
export const bookingPayments = sqliteTable("booking_payments", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  reference: text("reference").notNull(),
  attempt: integer("attempt").notNull(),
  amountCents: integer("amount_cents").notNull(),
  state: text("state").$type<PaymentState>().notNull().default("open"),
  sessionId: text("session_id"),
  paymentIntent: text("payment_intent"),
  paidAt: text("paid_at"),
  refundCents: integer("refund_cents").notNull().default(0),
  refundReason: text("refund_reason"),
  refundId: text("refund_id"),
  refundedAt: text("refunded_at"),
  clientKey: text("client_key").notNull().default(""),
  emailKey: text("email_key").notNull().default(""),
  createdAt: text("created_at")
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
  updatedAt: text("updated_at")
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
});

/** Each Stripe event id taken, once (migration 0028). */
export const paymentEvents = sqliteTable("payment_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: text("received_at")
    .notNull()
    .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
});

/** A trade-in's e-mails: its announcement (staff, CRM, the customer's receipt) and staff's answer (the customer). */
export type TradeInEvent = "received" | "answered";

/** One stored photo of a trade-in: its key in the private PAPERWORK bucket and what it shows. */
export interface TradeInPhoto {
  key: string;
  label: string;
}

/** A customer's cart offered in trade and staff's answer (migration 0029). */
export const tradeIns = sqliteTable(
  "trade_ins",
  {
    id: text("id").primaryKey(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    emailKey: text("email_key").notNull(),
    phone: text("phone").notNull(),
    phoneKey: text("phone_key").notNull(),
    wantedVehicleId: text("wanted_vehicle_id"),
    cartYear: integer("cart_year").notNull(),
    make: text("make").notNull(),
    model: text("model").notNull(),
    serial: text("serial").notNull(),
    power: text("power").$type<"electric" | "gas">().notNull(),
    battery: text("battery").notNull(),
    batteryYear: integer("battery_year"),
    seats: integer("seats").notNull(),
    lifted: integer("lifted", { mode: "boolean" }).notNull(),
    streetLegal: integer("street_legal", { mode: "boolean" }).notNull(),
    conditionNotes: text("condition_notes").notNull(),
    photos: text("photos", { mode: "json" }).$type<TradeInPhoto[]>().notNull(),
    clientKey: text("client_key").notNull().default(""),
    networkKey: text("network_key").notNull().default(""),
    status: text("status").$type<"waiting" | "answered">().notNull().default("waiting"),
    version: integer("version").notNull().default(1),
    offerLowCents: integer("offer_low_cents"),
    offerHighCents: integer("offer_high_cents"),
    offerNote: text("offer_note"),
    offerDays: integer("offer_days"),
    answeredBy: text("answered_by"),
    answeredAt: text("answered_at"),
    createdAt: text("created_at")
      .notNull()
      .default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
  },
  (table) => [
    index("trade_ins_created_idx").on(table.createdAt),
    index("trade_ins_email_idx").on(table.emailKey, table.status),
    index("trade_ins_phone_idx").on(table.phoneKey, table.status),
    index("trade_ins_client_idx").on(table.clientKey, table.createdAt),
    index("trade_ins_network_idx").on(table.networkKey, table.createdAt),
  ],
);
