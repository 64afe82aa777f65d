import { sql, type SQL } from "drizzle-orm";
import { alertTerms } from "~/config/alert-terms";
import { rentalPlans } from "~/config/rental-plans";
import { availability } from "~/features/bookings/capacity.server";
import { heldUnitsByVehicle, listVehicles } from "~/features/catalogue/catalogue.server";
import { vehiclePath } from "~/features/catalogue/vehicle-status";
import { rentalBookingPath } from "~/features/rentals/rental-paths";
import { longDate } from "~/lib/calendar-days";
import { applyFilters } from "~/features/catalogue/filters";
import type { Vehicle } from "~/features/catalogue/vehicle";
import { formatMoney } from "~/lib/format";
import { database, type Database } from "~/server/db.server";
import { enqueueAlertMail } from "./alert-mail.server";
import { batchStatements } from "~/server/d1-batch.server";
import { alertStep, manageTokenFor, nowSql, type ConfirmedAlert } from "./alert-store.server";
import { searchWords, subjectFromRow, type AlertSubject } from "./alert-subject";

/**
 * The cron step for alerts. After a catalogue import, a price change or a released booking (it
 * compares the catalogue and the rental calendar as they are with what each alert has already matched), it records each new match once (the
 * primary key on alert and match) and then makes at most one e-mail per alert a day of the matches
 * no e-mail has carried, in one batch guarded by the alert's `last_mailed_at`: overlapping runs
 * cannot send a match twice or two e-mails in a day.
 */

const mailGapSql = sql.raw(`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-${alertTerms.hoursBetweenEmails} hours')`);

export interface Match {
  key: string;
  vehicleId: string | null;
  /** The site's page to open: the vehicle's, or the booking page at the rental asked for. */
  link: string;
  reason: string;
  price: number | null;
}

const vehicleMatch = (vehicle: Vehicle, key: string, reason: string): Match => ({
  key,
  vehicleId: vehicle.id,
  link: vehiclePath(vehicle),
  reason,
  price: vehicle.price,
});

/** A vehicle a buyer can have now: in stock, with a unit no reservation holds. */
function availableNow(vehicle: Vehicle, held: Map<string, number>): boolean {
  return vehicle.inStock && (vehicle.unitsInStock ?? 1) > (held.get(vehicle.id) ?? 0);
}

/**
 * What a subject matches in the catalogue now. `lowestPrice` is the lowest price an alert on a
 * vehicle's price has already seen (its baseline at confirmation, or a drop it was told of).
 */
export function matchesOf(
  subject: AlertSubject,
  catalogue: readonly Vehicle[],
  held: Map<string, number>,
  lowestPrice: number | null,
): Match[] {
  if (subject.kind === "search") {
    const available = catalogue.filter((vehicle) => availableNow(vehicle, held));
    return applyFilters(available, subject.filters).map((vehicle) =>
      vehicleMatch(
        vehicle,
        `vehicle:${vehicle.id}`,
        `In stock and matches your search: ${searchWords(subject.filters)}.`,
      ),
    );
  }
  if (subject.kind === "rental") return [];
  const vehicle = catalogue.find((each) => each.id === subject.vehicleId);
  if (!vehicle) return [];
  if (subject.kind === "back") {
    if (!availableNow(vehicle, held)) return [];
    return [vehicleMatch(vehicle, `back:${vehicle.id}`, "Back on sale: it can be bought or reserved again.")];
  }
  if (lowestPrice !== null && vehicle.price >= lowestPrice) {
    return [];
  }
  return [
    vehicleMatch(
      vehicle,
      `price:${vehicle.id}:${vehicle.price}`,
      lowestPrice === null
        ? `Price now ${formatMoney(vehicle.price)}.`
        : `Price dropped from ${formatMoney(lowestPrice)} to ${formatMoney(vehicle.price)}.`,
    ),
  ];
}

/**
 * A waiting-list request's match: a cart of its class free on every day it asked for (a booking
 * declined, cancelled or released, or a cart added). Told once; the booking page is first come,
 * first served.
 */
async function rentalMatch(env: Env, subject: Extract<AlertSubject, { kind: "rental" }>): Promise<Match[]> {
  const { plan, start, days } = subject.rental;
  const free = await availability(database(env.DB), plan, start, days);
  if (free.length < days || free.some((day) => day.remaining < 1)) return [];
  const title = rentalPlans.find((each) => each.id === plan)?.title ?? plan;
  return [
    {
      key: `rental:${plan}:${start}:${days}`,
      vehicleId: null,
      link: rentalBookingPath({ plan, start, days: String(days) }),
      reason: `A ${title} cart is free for ${days} ${days === 1 ? "day" : "days"} from ${longDate(start)}. The booking page takes the first request, so book soon if you still want it.`,
      price: null,
    },
  ];
}

function insertMatches(alertId: string, matches: readonly Match[], mailId: string | null): SQL[] {
  return matches.map(
    (match) =>
      sql`INSERT OR IGNORE INTO alert_matches (alert_id, match_key, vehicle_id, link, reason, price, mail_id)
         VALUES (${alertId}, ${match.key}, ${match.vehicleId}, ${match.link}, ${match.reason}, ${match.price}, ${mailId})`,
  );
}

/**
 * What already matches when the visitor confirms is recorded as seen, never sent: an alert tells
 * of what is new after it began.
 */
export async function recordBaseline(env: Env, alert: ConfirmedAlert): Promise<void> {
  const db = database(env.DB);
  const [catalogue, held] = await Promise.all([listVehicles(db), heldUnitsByVehicle(db)]);
  const matches = matchesOf(subjectFromRow(alert.kind, alert.subject), catalogue, held, null);
  // A cart coming back and a rental day freeing up are told even when true at once.
  if (alert.kind === "back" || alert.kind === "rental") return;
  if (matches.length > 0)
    await alertStep("baseline", () => batchStatements(db, insertMatches(alert.id, matches, "baseline")));
}

async function recordNewMatches(env: Env): Promise<void> {
  const db = database(env.DB);
  const [catalogue, held, alerts, lowest] = await Promise.all([
    listVehicles(db),
    heldUnitsByVehicle(db),
    alertStep("read alerts", () =>
      db.all<ConfirmedAlert>(sql`SELECT id, kind, subject FROM alerts WHERE status = 'confirmed'`),
    ),
    alertStep("read prices", () =>
      db.all<{ alert_id: string; price: number }>(
        sql`SELECT alert_id, min(price) AS price FROM alert_matches WHERE match_key LIKE 'price:%' GROUP BY alert_id`,
      ),
    ),
  ]);
  const lowestPrice = new Map(lowest.map((row) => [row.alert_id, row.price]));
  const statements: SQL[] = [];
  for (const alert of alerts) {
    const subject = subjectFromRow(alert.kind, alert.subject);
    const matches =
      subject.kind === "rental"
        ? await rentalMatch(env, subject)
        : matchesOf(subject, catalogue, held, lowestPrice.get(alert.id) ?? null);
    statements.push(...insertMatches(alert.id, matches, null));
  }
  for (let start = 0; start < statements.length; start += 50) {
    await alertStep("record matches", () => batchStatements(db, statements.slice(start, start + 50)));
  }
}

/** One e-mail for an alert's unsent matches, if it had none within the day: the mail's id, or null. */
async function makeAlertMail(db: Database, alertId: string): Promise<string | null> {
  const mailId = crypto.randomUUID();
  const manage = await manageTokenFor(alertId, mailId);
  const [made] = await alertStep("make mail", () =>
    batchStatements(db, [
      sql`INSERT INTO alert_mail (id, alert_id, purpose, private)
           SELECT ${mailId}, id, 'alert', ${JSON.stringify({ managePath: manage.path })} FROM alerts
           WHERE id = ${alertId} AND status = 'confirmed'
             AND (last_mailed_at IS NULL
               OR last_mailed_at <= ${mailGapSql})
             AND EXISTS (SELECT 1 FROM alert_matches WHERE alert_id = ${alertId} AND mail_id IS NULL)`,
      sql`UPDATE alerts SET last_mailed_at = ${nowSql} WHERE id = ${alertId} AND EXISTS (SELECT 1 FROM alert_mail WHERE id = ${mailId})`,
      sql`UPDATE alert_matches SET mail_id = ${mailId} WHERE alert_id = ${alertId} AND mail_id IS NULL AND EXISTS (SELECT 1 FROM alert_mail WHERE id = ${mailId})`,
      manage.statement,
    ]),
  );
  return (made?.meta.changes ?? 0) === 1 ? mailId : null;
}

/** Cron: records new matches, makes the day's e-mails and puts them on the queue. */
export async function sendAlerts(env: Env): Promise<number> {
  await recordNewMatches(env);
  const db = database(env.DB);
  const results = await alertStep("find owed", () =>
    db.all<{ id: string }>(
      // Oldest request first: a waiting list hears of a freed day in the order it asked.
      sql`SELECT a.id FROM alerts AS a
       WHERE a.status = 'confirmed' AND EXISTS (SELECT 1 FROM alert_matches AS m WHERE m.alert_id = a.id AND m.mail_id IS NULL)
         AND (a.last_mailed_at IS NULL
           OR a.last_mailed_at <= ${mailGapSql})
       ORDER BY a.created_at, a.id`,
    ),
  );
  const made: string[] = [];
  for (const { id } of results) {
    const mailId = await makeAlertMail(db, id);
    if (mailId) made.push(mailId);
  }
  await enqueueAlertMail(env, made);
  return made.length;
}
