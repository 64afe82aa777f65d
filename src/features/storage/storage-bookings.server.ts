import { storagePools } from "~/config/booking-pools";
import type { BookingHold } from "~/features/bookings/booking-flow.server";
import { availability, findBookingByToken, type Booking } from "~/features/bookings/capacity.server";
import type { Database } from "~/server/db.server";
import type { StorageSpace } from "~/config/booking-pools";
import { storageAnnouncementText } from "./storage-announcement";
import { storageSummary, type StorageQuote, type StorageRequest } from "./storage-quote";

/**
 * Storage on the capacity engine: each kind of space (indoor, covered outdoor) is a pool of its
 * spaces, and a stay takes one of them for every day from its first to its last. What the storage
 * pages read of a booking, by the names they use.
 */

/** What the booking stores of the request: the quote's fields and the cart as the owner described it. */
export interface StoredStorageRequest extends StorageRequest {
  vehicle: string;
}

/** A storage booking as its status page sees it. */
export interface StorageBooking extends Booking {
  space: StorageSpace;
  request: Partial<StoredStorageRequest> | null;
  /** The quote as the owner saw it when booking; null if the stored copy is not one. */
  quote: StorageQuote | null;
}

function storedQuote(value: unknown): StorageQuote | null {
  if (!value || typeof value !== "object") return null;
  const quote = value as Partial<StorageQuote>;
  if (!Array.isArray(quote.lines) || typeof quote.total !== "number") return null;
  return {
    ...(quote as StorageQuote),
    lines: quote.lines.filter((line) => typeof line?.label === "string" && typeof line?.amount === "number"),
  };
}

export function asStorageBooking(booking: Booking): StorageBooking {
  const space = (Object.keys(storagePools) as StorageSpace[]).find((each) => storagePools[each] === booking.pool);
  return {
    ...booking,
    space: space ?? "indoor",
    request: booking.request && typeof booking.request === "object" ? (booking.request as StoredStorageRequest) : null,
    quote: storedQuote(booking.quote),
  };
}

/**
 * What a stay holds: one space of the quoted kind for every day, from its first day up to the day
 * after its last.
 */
export function storageHold(request: StorageRequest, quote: StorageQuote, vehicle: string): BookingHold {
  return {
    pool: storagePools[quote.space],
    start: quote.start,
    end: quote.end,
    request: { ...request, vehicle } satisfies StoredStorageRequest,
    quote,
    describe: (reference) => ({
      summary: storageSummary(quote),
      announcement: storageAnnouncementText(reference, quote, vehicle),
    }),
    interest: "service",
  };
}

/** Spaces of a kind still free per day, for `count` days from `from`. */
export function storageAvailability(db: Database, space: StorageSpace, from: string, count: number) {
  return availability(db, storagePools[space], from, count);
}

export async function findStorageBookingByToken(db: Database, token: string): Promise<StorageBooking | null> {
  const booking = await findBookingByToken(db, token, "storage");
  return booking ? asStorageBooking(booking) : null;
}
