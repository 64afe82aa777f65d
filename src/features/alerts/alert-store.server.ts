import { sql, type SQL } from "drizzle-orm";
import { alertTerms } from "~/config/alert-terms";
import type { Sender } from "~/config/visitor-limits";
import { site } from "~/config/site";
import { localMoment } from "~/lib/calendar-days";
import { newToken, tokenHash } from "~/server/booking-keys.server";
import { networkKey } from "~/server/client-key.server";
import { batchStatements } from "~/server/d1-batch.server";
import type { Database } from "~/server/db.server";
import { errorKind } from "~/server/error-kind";
import { subjectJson, subjectKey, type AlertSubject } from "./alert-subject";

/**
 * Alerts in D1 (migration 0021). Every change is one conditional statement (or one batch, which D1
 * runs as one transaction), so racing requests and overlapping cron runs cannot get past a limit
 * or send a match twice. Errors are rethrown by kind only: D1's text holds the bound values, a
 * visitor's address among them.
 */

export class AlertStoreError extends Error {
  override name = "AlertStoreError";
  constructor(step: string, code: string) {
    super(`alerts: ${step} failed (${code})`);
  }
}

export async function alertStep<T>(step: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new AlertStoreError(step, errorKind(error));
  }
}

export const nowSql = sql.raw("strftime('%Y-%m-%dT%H:%M:%fZ', 'now')");
const hourAgoSql = sql.raw("strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-3600 seconds')");
const confirmedPeriodSql = sql.raw(`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+${alertTerms.confirmedMonths} months')`);
const unconfirmedPeriodSql = sql.raw(`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-${alertTerms.unconfirmedDays} days')`);

export interface AlertRequest {
  email: string;
  emailKey: string;
  clientKey: string;
  subject: AlertSubject;
}

/**
 * What became of a request: stored (its confirmation e-mail's id); kept out by a limit on the
 * sender (its client or its network, named) or on everyone, which the visitor is told; or quietly
 * not stored (the address already has as many unconfirmed requests as it may, or already asked
 * for this), which the visitor is not told, so the answer never says whether an address is known.
 */
export type PlacedAlert =
  | { outcome: "stored"; alertId: string; mailId: string }
  | { outcome: "client-limit" | "client-waiting"; sender: Sender }
  | { outcome: "hourly-cap" }
  | { outcome: "quiet" };

const senderColumn = { client: sql.raw("client_key"), network: sql.raw("network_key") } satisfies Record<Sender, SQL>;

/**
 * A sender's (its client's, or its network's) requests, stored or not, within the hour; and those
 * the waiting limits let through whose alert is not confirmed, within the unconfirmed period.
 * Counted from `alert_requests`, never from what was stored, so a repeat or an address at its
 * limit counts exactly as a new request does and the limits answer at the same request whatever
 * the address.
 */
const senderThisHour = (sender: Sender, key: string) =>
  sql`(SELECT count(*) FROM alert_requests WHERE ${senderColumn[sender]} = ${key} AND created_at > ${hourAgoSql})`;
const senderWaiting = (sender: Sender, key: string) => sql`(SELECT count(*) FROM alert_requests AS r
    WHERE r.${senderColumn[sender]} = ${key} AND r.refused = 0 AND r.created_at > ${unconfirmedPeriodSql}
      AND NOT EXISTS (SELECT 1 FROM alerts AS a WHERE a.id = r.id AND a.status = 'confirmed'))`;

/**
 * Counts the request and stores it, with its confirmation token's hash and its confirmation e-mail,
 * in one batch. The first INSERT counts the request while the client and its network are within
 * their hourly limits, marking it refused when either already has as many waiting as it may; the alert's INSERT,
 * only for a request counted and not refused, counts the address's unconfirmed requests and
 * everyone's within the hour. SQLite runs one write at a time, so every racer's count includes the
 * others.
 */
export async function placeAlert(db: Database, request: AlertRequest): Promise<PlacedAlert> {
  const client = request.clientKey;
  const network = networkKey(client);
  const alertId = crypto.randomUUID();
  const mailId = crypto.randomUUID();
  const token = newToken();
  const hash = await tokenHash(token);
  const [counted, inserted] = await alertStep("place", () =>
    batchStatements(db, [
      sql`INSERT INTO alert_requests (id, client_key, network_key, refused)
           SELECT ${alertId}, ${client}, ${network},
             ${senderWaiting("client", client)} >= ${alertTerms.unconfirmedPerClient}
               OR ${senderWaiting("network", network)} >= ${alertTerms.unconfirmedPerNetwork}
           WHERE ${senderThisHour("client", client)} < ${alertTerms.requestsPerClientPerHour}
             AND ${senderThisHour("network", network)} < ${alertTerms.requestsPerNetworkPerHour}`,
      sql`INSERT OR IGNORE INTO alerts (id, email, email_key, client_key, kind, subject, subject_key)
           SELECT ${alertId}, ${request.email}, ${request.emailKey}, ${request.clientKey}, ${request.subject.kind}, ${subjectJson(request.subject)}, ${subjectKey(request.subject)}
           WHERE EXISTS (SELECT 1 FROM alert_requests WHERE id = ${alertId} AND refused = 0)
             AND (SELECT count(*) FROM alerts WHERE email_key = ${request.emailKey} AND status = 'unconfirmed') < ${alertTerms.unconfirmedPerAddress}
             AND (SELECT count(*) FROM alerts WHERE created_at > ${hourAgoSql}) < ${alertTerms.requestsPerHour}`,
      sql`INSERT INTO alert_tokens (hash, alert_id, purpose) SELECT ${hash}, id, 'confirm' FROM alerts WHERE id = ${alertId}`,
      sql`INSERT INTO alert_mail (id, alert_id, purpose, private) SELECT ${mailId}, id, 'confirm', ${JSON.stringify({ confirmPath: confirmPath(token) })} FROM alerts WHERE id = ${alertId}`,
    ]),
  );
  if ((inserted?.meta.changes ?? 0) === 1) return { outcome: "stored", alertId, mailId };
  const row = await alertStep("limits", () =>
    db.get<{ refused: number; everyone: number; clientHour: number; clientWaiting: number } | undefined>(
      sql`SELECT (SELECT refused FROM alert_requests WHERE id = ${alertId}) AS refused,
                (SELECT count(*) FROM alerts WHERE created_at > ${hourAgoSql}) AS everyone,
                ${senderThisHour("client", client)} AS clientHour, ${senderWaiting("client", client)} AS clientWaiting`,
    ),
  );
  if ((counted?.meta.changes ?? 0) === 0) {
    const sender = (row?.clientHour ?? 0) >= alertTerms.requestsPerClientPerHour ? "client" : "network";
    return { outcome: "client-limit", sender };
  }
  if (row?.refused) {
    const sender = row.clientWaiting >= alertTerms.unconfirmedPerClient ? "client" : "network";
    return { outcome: "client-waiting", sender };
  }
  if (row && row.everyone >= alertTerms.requestsPerHour) return { outcome: "hourly-cap" };
  return { outcome: "quiet" };
}

export const confirmPath = (token: string) => `/alerts/confirm/${token}`;
export const managePath = (token: string) => `/alerts/manage/${token}`;

export interface ConfirmedAlert {
  id: string;
  kind: string;
  subject: string;
}

/**
 * Confirms the request the token names, if it is still unconfirmed and younger than the
 * unconfirmed period; its confirmation token goes in the same batch. Null when the link confirms
 * nothing (a second press included).
 */
export async function confirmAlert(db: Database, token: string): Promise<ConfirmedAlert | null> {
  const hash = await tokenHash(token);
  const [confirmed] = await alertStep("confirm", () =>
    batchStatements(db, [
      sql`UPDATE alerts SET status = 'confirmed', confirmed_at = ${nowSql},
             ends_at = ${confirmedPeriodSql}
           WHERE id = (SELECT alert_id FROM alert_tokens WHERE hash = ${hash} AND purpose = 'confirm')
             AND status = 'unconfirmed'
             AND created_at > ${unconfirmedPeriodSql}
           RETURNING id, kind, subject`,
      sql`DELETE FROM alert_tokens WHERE hash = ${hash} AND purpose = 'confirm'`,
    ]),
  );
  return (confirmed?.results[0] as ConfirmedAlert | undefined) ?? null;
}

/** Ends (deletes) the alert a manage token names; true when this call ended it. */
export async function endAlert(db: Database, token: string): Promise<boolean> {
  const hash = await tokenHash(token);
  const row = await alertStep("end", () =>
    db.get<{ id: string } | undefined>(
      sql`DELETE FROM alerts WHERE id = (SELECT alert_id FROM alert_tokens WHERE hash = ${hash} AND purpose = 'manage') RETURNING id`,
    ),
  );
  return row != null;
}

/** Renews a confirmed alert for another period from now; its new end, or null. */
export async function renewAlert(db: Database, token: string): Promise<string | null> {
  const hash = await tokenHash(token);
  const row = await alertStep("renew", () =>
    db.get<{ ends_at: string } | undefined>(
      sql`UPDATE alerts SET ends_at = ${confirmedPeriodSql}
         WHERE id = (SELECT alert_id FROM alert_tokens WHERE hash = ${hash} AND purpose = 'manage') AND status = 'confirmed'
         RETURNING ends_at`,
    ),
  );
  return row?.ends_at ?? null;
}

/** A fresh manage token for an alert e-mail, with the statement that stores its hash. */
export async function manageTokenFor(alertId: string, mailId: string): Promise<{ path: string; statement: SQL }> {
  const token = newToken();
  return {
    path: managePath(token),
    statement: sql`INSERT INTO alert_tokens (hash, alert_id, purpose) SELECT ${await tokenHash(token)}, ${alertId}, 'manage' WHERE EXISTS (SELECT 1 FROM alert_mail WHERE id = ${mailId})`,
  };
}

/**
 * Cron: deletes requests never confirmed within their period (and the count of every request,
 * which no limit reads after that period), alerts past their end, and waiting-list requests whose
 * first day has passed.
 */
export async function deleteEndedAlerts(db: Database, now = new Date()): Promise<number> {
  // A first day has passed on the dealer's calendar, not UTC's (which turns over at 7 or 8 PM there).
  const today = localMoment(now, site.timeZone).day;
  // Counted by RETURNING: D1's change count includes the rows the foreign keys delete with them.
  await alertStep("forget requests", () =>
    db.run(sql`DELETE FROM alert_requests WHERE created_at <= ${unconfirmedPeriodSql}`),
  );
  const rows = await alertStep("delete ended", () =>
    db.all<{ id: string }>(
      sql`DELETE FROM alerts WHERE (status = 'unconfirmed'
             AND created_at <= ${unconfirmedPeriodSql})
           OR (status = 'confirmed' AND ends_at <= ${nowSql})
           OR (kind = 'rental' AND json_extract(subject, '$.start') < ${today})
         RETURNING id`,
    ),
  );
  return rows.length;
}
