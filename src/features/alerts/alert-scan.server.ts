import { alertTerms } from "~/config/alert-terms";
import { heldUnitsByVehicle, listVehicles } from "~/features/catalogue/catalogue.server";
import { applyFilters } from "~/features/catalogue/filters";
import type { Vehicle } from "~/features/catalogue/vehicle";
import { formatMoney } from "~/lib/format";
import { database } from "~/server/db.server";
import { enqueueAlertMail } from "./alert-mail.server";
import { alertStep, manageTokenFor, nowSql, type ConfirmedAlert } from "./alert-store.server";
import { searchWords, subjectFromRow, type AlertSubject } from "./alert-subject";

/**
 * The cron step for alerts. After a catalogue import or a price change (it compares the catalogue
 * as it is with what each alert has already matched), it records each new match once (the
 * primary key on alert and match) and then makes at most one e-mail per alert a day of the matches
 * no e-mail has carried, in one batch guarded by the alert's `last_mailed_at`: overlapping runs
 * cannot send a match twice or two e-mails in a day.
 */

export interface Match {
  key: string;
  vehicleId: string;
  reason: string;
  price: number;
}

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
    return applyFilters(available, subject.filters).map((vehicle) => ({
      key: `vehicle:${vehicle.id}`,
      vehicleId: vehicle.id,
      reason: `In stock and matches your search: ${searchWords(subject.filters)}.`,
      price: vehicle.price,
    }));
  }
  const vehicle = catalogue.find((each) => each.id === subject.vehicleId);
  if (!vehicle) return [];
  if (subject.kind === "back") {
    if (!availableNow(vehicle, held)) return [];
    return [
      {
        key: `back:${vehicle.id}`,
        vehicleId: vehicle.id,
        reason: "Back on sale: it can be bought or reserved again.",
        price: vehicle.price,
      },
    ];
  }
  if (lowestPrice !== null && vehicle.price >= lowestPrice) {
    return [];
  }
  return [
    {
      key: `price:${vehicle.id}:${vehicle.price}`,
      vehicleId: vehicle.id,
      reason:
        lowestPrice === null
          ? `Price now ${formatMoney(vehicle.price)}.`
          : `Price dropped from ${formatMoney(lowestPrice)} to ${formatMoney(vehicle.price)}.`,
      price: vehicle.price,
    },
  ];
}

function insertMatches(db: D1Database, alertId: string, matches: readonly Match[], mailId: string | null) {
  return matches.map((match) =>
    db
      .prepare(
        `INSERT OR IGNORE INTO alert_matches (alert_id, match_key, vehicle_id, reason, price, mail_id) VALUES (?1, ?2, ?3, ?4, ?5, ?6)`,
      )
      .bind(alertId, match.key, match.vehicleId, match.reason, match.price, mailId),
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
  if (alert.kind === "back") return;
  if (matches.length > 0)
    await alertStep("baseline", () => env.DB.batch(insertMatches(env.DB, alert.id, matches, "baseline")));
}

async function recordNewMatches(env: Env): Promise<void> {
  const db = database(env.DB);
  const [catalogue, held, alerts, lowest] = await Promise.all([
    listVehicles(db),
    heldUnitsByVehicle(db),
    alertStep("read alerts", () =>
      env.DB.prepare(`SELECT id, kind, subject FROM alerts WHERE status = 'confirmed'`).all<ConfirmedAlert>(),
    ),
    alertStep("read prices", () =>
      env.DB.prepare(
        `SELECT alert_id, min(price) AS price FROM alert_matches WHERE match_key LIKE 'price:%' GROUP BY alert_id`,
      ).all<{ alert_id: string; price: number }>(),
    ),
  ]);
  const lowestPrice = new Map(lowest.results.map((row) => [row.alert_id, row.price]));
  const statements = alerts.results.flatMap((alert) =>
    insertMatches(
      env.DB,
      alert.id,
      matchesOf(subjectFromRow(alert.kind, alert.subject), catalogue, held, lowestPrice.get(alert.id) ?? null),
      null,
    ),
  );
  for (let start = 0; start < statements.length; start += 50) {
    await alertStep("record matches", () => env.DB.batch(statements.slice(start, start + 50)));
  }
}

/** One e-mail for an alert's unsent matches, if it had none within the day: the mail's id, or null. */
async function makeAlertMail(env: Env, alertId: string): Promise<string | null> {
  const db = env.DB;
  const mailId = crypto.randomUUID();
  const manage = await manageTokenFor(db, alertId, mailId);
  const [made] = await alertStep("make mail", () =>
    db.batch([
      db
        .prepare(
          `INSERT INTO alert_mail (id, alert_id, purpose, private)
           SELECT ?1, id, 'alert', ?2 FROM alerts
           WHERE id = ?3 AND status = 'confirmed'
             AND (last_mailed_at IS NULL
               OR last_mailed_at <= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-${alertTerms.hoursBetweenEmails} hours'))
             AND EXISTS (SELECT 1 FROM alert_matches WHERE alert_id = ?3 AND mail_id IS NULL)`,
        )
        .bind(mailId, JSON.stringify({ managePath: manage.path }), alertId),
      db
        .prepare(
          `UPDATE alerts SET last_mailed_at = ${nowSql} WHERE id = ?1 AND EXISTS (SELECT 1 FROM alert_mail WHERE id = ?2)`,
        )
        .bind(alertId, mailId),
      db
        .prepare(
          `UPDATE alert_matches SET mail_id = ?2 WHERE alert_id = ?1 AND mail_id IS NULL AND EXISTS (SELECT 1 FROM alert_mail WHERE id = ?2)`,
        )
        .bind(alertId, mailId),
      manage.statement,
    ]),
  );
  return (made?.meta.changes ?? 0) === 1 ? mailId : null;
}

/** Cron: records new matches, makes the day's e-mails and puts them on the queue. */
export async function sendAlerts(env: Env): Promise<number> {
  await recordNewMatches(env);
  const { results } = await alertStep("find owed", () =>
    env.DB.prepare(
      `SELECT DISTINCT a.id FROM alerts AS a JOIN alert_matches AS m ON m.alert_id = a.id
       WHERE a.status = 'confirmed' AND m.mail_id IS NULL
         AND (a.last_mailed_at IS NULL
           OR a.last_mailed_at <= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-${alertTerms.hoursBetweenEmails} hours'))`,
    ).all<{ id: string }>(),
  );
  const made: string[] = [];
  for (const { id } of results) {
    const mailId = await makeAlertMail(env, id);
    if (mailId) made.push(mailId);
  }
  await enqueueAlertMail(env, made);
  return made.length;
}
