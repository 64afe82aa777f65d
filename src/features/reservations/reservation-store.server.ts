import { and, asc, eq, inArray, lt, sql, type SQL } from "drizzle-orm";
import { cartReservations, vehicles, type CartReservationStatus } from "~/db/schema";
import type { DeliveryChoice } from "~/lib/delivery-choice";
import type { OutTheDoorPrice } from "~/features/catalogue/out-the-door";
import { newReference, newToken, normalReference, tokenHash } from "~/server/booking-keys.server";
import type { Database } from "~/server/db.server";
import { errorKind } from "~/server/error-kind";

/**
 * Cart reservations in D1. The rule that matters, as for rental holds: a vehicle never has more
 * active reservations (requested or confirmed) than units on the lot. The only write that could
 * break it, placing one, is a single conditional INSERT that counts and writes in one step, since
 * D1 runs one statement at a time and a count read first could be overtaken by another buyer.
 */

export type { CartReservationStatus };

/** A reservation as pages, e-mails and the staff CLI see it: everything but the token's hash. */
export interface CartReservation {
  reference: string;
  vehicleId: string;
  status: CartReservationStatus;
  delivery: DeliveryChoice;
  price: OutTheDoorPrice;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  createdAt: string;
  updatedAt: string;
  decidedAt: string | null;
}

/**
 * A database failure, told by the step and SQLite's result code only: the error drizzle throws
 * spells out every bound value, the buyer's name and phone among them.
 */
export class ReservationStoreError extends Error {
  override name = "ReservationStoreError";
  constructor(
    readonly step: string,
    readonly code: string,
  ) {
    super(`reservation store: ${step} failed (${code})`);
  }
}

async function storeStep<T>(step: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new ReservationStoreError(step, errorKind(error));
  }
}

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

const reservationColumns = {
  reference: cartReservations.reference,
  vehicleId: cartReservations.vehicleId,
  status: cartReservations.status,
  delivery: cartReservations.delivery,
  price: cartReservations.price,
  firstName: cartReservations.firstName,
  lastName: cartReservations.lastName,
  email: cartReservations.email,
  phone: cartReservations.phone,
  createdAt: cartReservations.createdAt,
  updatedAt: cartReservations.updatedAt,
  decidedAt: cartReservations.decidedAt,
};

type ReservationRow = { [K in keyof typeof reservationColumns]: unknown };

function toReservation(row: ReservationRow): CartReservation {
  return row as CartReservation;
}

export interface ReservationInput {
  vehicleId: string;
  delivery: DeliveryChoice;
  /** The out-the-door price the buyer was shown, kept as they saw it. */
  price: OutTheDoorPrice;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/** Why nothing was held: no such vehicle, not on the lot, or every unit already held. */
export type ReservationRefusal = "no-vehicle" | "not-in-stock" | "all-held";

export type PlaceReservationResult =
  | { placed: true; reference: string; /** For the buyer's private link: shown once, never stored. */ token: string }
  | { placed: false; reason: ReservationRefusal };

/** A unit of the vehicle is free: more on the lot than active reservations of it. */
const unitFree = (
  vehicleId: string,
) => sql`(SELECT units_in_stock FROM vehicles WHERE id = ${vehicleId} AND in_stock = 1)
  > (SELECT count(*) FROM cart_reservations
      WHERE vehicle_id = ${vehicleId} AND status IN ('requested', 'confirmed'))`;

const placeAttempts = 5;

/**
 * Holds one unit of the vehicle, in one INSERT that writes the row only when a unit is free. When it
 * writes nothing, the vehicle is read to tell the buyer why; if a unit turns out to be free after all
 * (the reference happened to be taken, or a unit was freed in between), it tries again.
 */
export async function placeReservation(db: Database, input: ReservationInput): Promise<PlaceReservationResult> {
  const delivery = JSON.stringify(input.delivery);
  const price = JSON.stringify(input.price);
  for (let attempt = 0; attempt < placeAttempts; attempt += 1) {
    const reference = newReference("C");
    const token = newToken();
    const hash = await tokenHash(token);
    const placed = await storeStep("place reservation", () =>
      db.all<{ reference: string }>(sql`
        INSERT INTO cart_reservations
          (reference, token_hash, vehicle_id, delivery, price, first_name, last_name, email, phone)
        SELECT ${reference}, ${hash}, ${input.vehicleId}, ${delivery}, ${price},
          ${input.firstName}, ${input.lastName}, ${input.email}, ${input.phone}
        WHERE ${unitFree(input.vehicleId)}
        ON CONFLICT (reference) DO NOTHING
        RETURNING reference`),
    );
    if (placed.length > 0) return { placed: true, reference, token };
    const reason = await refusalReason(db, input.vehicleId);
    if (reason) return { placed: false, reason };
  }
  throw new ReservationStoreError("place reservation", "NO_FREE_REFERENCE");
}

async function refusalReason(db: Database, vehicleId: string): Promise<ReservationRefusal | null> {
  const [row] = await storeStep("read why refused", () =>
    db.all<{ inStock: number; units: number; held: number }>(sql`
      SELECT in_stock AS inStock, units_in_stock AS units,
        (SELECT count(*) FROM cart_reservations
          WHERE vehicle_id = ${vehicleId} AND status IN ('requested', 'confirmed')) AS held
      FROM vehicles WHERE id = ${vehicleId}`),
  );
  if (!row) return "no-vehicle";
  if (!row.inStock || row.units === 0) return "not-in-stock";
  return row.held >= row.units ? "all-held" : null;
}

export async function findReservationByToken(db: Database, token: string): Promise<CartReservation | null> {
  const hash = await tokenHash(token);
  const [row] = await storeStep("find reservation by token", () =>
    db.select(reservationColumns).from(cartReservations).where(eq(cartReservations.tokenHash, hash)).limit(1),
  );
  return row ? toReservation(row) : null;
}

export async function findReservation(db: Database, reference: string): Promise<CartReservation | null> {
  const [row] = await storeStep("find reservation", () =>
    db.select(reservationColumns).from(cartReservations).where(reservationWithReference(reference)).limit(1),
  );
  return row ? toReservation(row) : null;
}

export async function listReservations(
  db: Database,
  filter: { status?: CartReservationStatus } = {},
): Promise<CartReservation[]> {
  const rows = await storeStep("list reservations", () =>
    db
      .select(reservationColumns)
      .from(cartReservations)
      .where(filter.status ? eq(cartReservations.status, filter.status) : undefined)
      .orderBy(asc(cartReservations.createdAt), asc(cartReservations.reference)),
  );
  return rows.map(toReservation);
}

/** The statuses each staff decision moves a reservation from, and to. */
export const reservationDecisions = {
  confirm: { from: ["requested"], to: "confirmed" },
  decline: { from: ["requested"], to: "declined" },
  sold: { from: ["requested", "confirmed"], to: "sold" },
} as const satisfies Record<string, { from: readonly CartReservationStatus[]; to: CartReservationStatus }>;

export type ReservationDecision = keyof typeof reservationDecisions;

/** The reservation with this reference, as staff type it. */
export function reservationWithReference(reference: string): SQL {
  return eq(cartReservations.reference, normalReference(reference));
}

/**
 * One guarded UPDATE: of two changes racing (staff confirming while the cron job expires it), exactly
 * one finds the status it expects. Marking it sold takes the unit off the lot in the same statement
 * (a trigger of migration 0010). Returned unrun, so the staff CLI sends the very same statement.
 */
export function reservationStatusChangeQuery(db: Database, which: SQL, decision: ReservationDecision) {
  const { from, to } = reservationDecisions[decision];
  return db
    .update(cartReservations)
    .set({ status: to, updatedAt: now, decidedAt: now })
    .where(and(which, inArray(cartReservations.status, [...from])))
    .returning(reservationColumns);
}

export type ReservationChange =
  { changed: true; reservation: CartReservation } | { changed: false; status: CartReservationStatus | null };

export async function decideReservation(
  db: Database,
  reference: string,
  decision: ReservationDecision,
): Promise<ReservationChange> {
  const which = reservationWithReference(reference);
  const [row] = await storeStep(`${decision} reservation`, () => reservationStatusChangeQuery(db, which, decision));
  if (row) return { changed: true, reservation: toReservation(row) };
  const [current] = await storeStep(`${decision} reservation`, () =>
    db.select({ status: cartReservations.status }).from(cartReservations).where(which).limit(1),
  );
  return { changed: false, status: current?.status ?? null };
}

/**
 * Releases requests staff have not answered within `holdHours` of their placing, returning them so
 * one e-mail can tell staff which. Confirmed reservations are never touched.
 */
export async function expireStaleReservations(db: Database, at: Date, holdHours: number): Promise<CartReservation[]> {
  const cutoff = new Date(at.getTime() - holdHours * 3_600_000).toISOString();
  const rows = await storeStep("expire reservations", () =>
    db
      .update(cartReservations)
      .set({ status: "expired", updatedAt: now, decidedAt: now })
      .where(and(eq(cartReservations.status, "requested"), lt(cartReservations.createdAt, cutoff)))
      .returning(reservationColumns),
  );
  return rows.map(toReservation);
}

/** The vehicle a reservation holds, by name, for e-mails and the CLI (null once it is removed). */
export async function reservedVehicleName(db: Database, vehicleId: string): Promise<string | null> {
  const [row] = await storeStep("read vehicle name", () =>
    db.select({ name: vehicles.name }).from(vehicles).where(eq(vehicles.id, vehicleId)).limit(1),
  );
  return row?.name ?? null;
}
