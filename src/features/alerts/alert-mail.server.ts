import { sql } from "drizzle-orm";
import { alertTerms } from "~/config/alert-terms";
import { rentalPlans } from "~/config/rental-plans";
import { site } from "~/config/site";
import { getVehicle, listVehicles } from "~/features/catalogue/catalogue.server";
import { activeFilterLabels, type InventoryFilters } from "~/features/catalogue/filters";
import { refusalOf } from "~/features/mail/customer-email.server";
import type { Mailer } from "~/features/mail/mailer.server";
import { asciiMailbox, composed, type OutgoingEmail } from "~/features/mail/staff-email.server";
import { longDate } from "~/lib/calendar-days";
import { escapeMarkup } from "~/lib/escape-markup";
import { formatMoney } from "~/lib/format";
import { database, type Database } from "~/server/db.server";
import { errorKind } from "~/server/error-kind";
import { alertStep, nowSql } from "./alert-store.server";
import { searchWords, subjectFromRow, type AlertSubject } from "./alert-subject";

/**
 * Alert e-mails travel the mail queue (a message `{ alertMailId }` beside the mail outbox's
 * `{ messageId }`): stored first, claimed by one delivery at a time, marked the moment the mail
 * service accepts them, swept back onto the queue by the cron job when an enqueue was lost. They are
 * composed by the mail room's composer, so what a visitor typed never reaches a header raw.
 */
export interface AlertQueueMessage {
  alertMailId: string;
}

export function isAlertQueueMessage(body: unknown): body is AlertQueueMessage {
  return typeof (body as AlertQueueMessage | null)?.alertMailId === "string";
}

interface ClaimedMail {
  id: string;
  alert_id: string;
  purpose: "confirm" | "alert";
  private: string | null;
  email: string;
  kind: string;
  subject: string;
  ends_at: string | null;
}

interface MatchRow {
  vehicle_id: string | null;
  link: string;
  reason: string;
  price: number | null;
  name: string | null;
}

const leaseSql = sql.raw("strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+300 seconds')");

async function claim(db: Database, id: string): Promise<ClaimedMail | null> {
  const row = await alertStep("claim mail", () =>
    db.get<ClaimedMail | undefined>(
      sql`UPDATE alert_mail SET claimed_until = ${leaseSql}, attempts = attempts + 1
         WHERE id = ${id} AND sent_at IS NULL AND error IS NULL AND (claimed_until IS NULL OR claimed_until < ${nowSql})
         RETURNING id, alert_id, purpose, private,
           (SELECT email FROM alerts WHERE alerts.id = alert_id) AS email,
           (SELECT kind FROM alerts WHERE alerts.id = alert_id) AS kind,
           (SELECT subject FROM alerts WHERE alerts.id = alert_id) AS subject,
           (SELECT ends_at FROM alerts WHERE alerts.id = alert_id) AS ends_at`,
    ),
  );
  return row ?? null;
}

async function finish(db: Database, id: string, error: string | null): Promise<void> {
  await alertStep("finish mail", () =>
    db.run(
      sql`UPDATE alert_mail SET private = NULL, claimed_until = NULL,
           sent_at = CASE WHEN ${error} IS NULL THEN ${nowSql} END, error = ${error} WHERE id = ${id}`,
    ),
  );
}

async function release(db: Database, id: string): Promise<void> {
  await alertStep("release mail", () => db.run(sql`UPDATE alert_mail SET claimed_until = NULL WHERE id = ${id}`));
}

const absolute = (path: string) => new URL(path, site.website).toString();

/**
 * A search in the site's own words, from what intake checked against fixed lists (seats, category,
 * price band, condition, street-legal) and a brand only as the catalogue spells it: this goes to an
 * address nobody has confirmed, and a visitor's own text there ("ACCOUNT LOCKED: call …") would
 * reach a stranger from the dealer's domain. The free-text query and an unknown brand are only
 * said to be there.
 */
async function searchInSiteWords(env: Env, filters: InventoryFilters): Promise<string> {
  const wanted = filters.brand.toLowerCase();
  const brand = wanted
    ? ((await listVehicles(database(env.DB)))
        .map((vehicle) => vehicle.brand)
        .find((each) => each.toLowerCase() === wanted) ?? "")
    : "";
  const labels = activeFilterLabels({ ...filters, search: "", brand, sort: "featured" });
  if (filters.brand && !brand) labels.push("the brand you named");
  if (filters.search) labels.push("the words you searched for (not repeated here)");
  return labels.length > 0 ? labels.join(", ") : "any cart";
}

async function subjectInWords(env: Env, subject: AlertSubject, unconfirmed: boolean): Promise<string> {
  if (subject.kind === "search") {
    const words = unconfirmed ? await searchInSiteWords(env, subject.filters) : searchWords(subject.filters);
    return `carts matching your search: ${words}`;
  }
  if (subject.kind === "rental") {
    const { plan, start, days } = subject.rental;
    return `a ${rentalPlans.find((each) => each.id === plan)?.title ?? plan} rental cart freeing up for ${days} ${days === 1 ? "day" : "days"} from ${longDate(start)}`;
  }
  const vehicle = await getVehicle(database(env.DB), subject.vehicleId);
  const name = vehicle?.name ?? subject.vehicleId;
  return subject.kind === "price" ? `a lower price on the ${name}` : `the ${name} being back on sale`;
}

const dayOf = (timestamp: string | null) => (timestamp ? longDate(timestamp.slice(0, 10)) : "");

interface Letter {
  subject: string;
  paragraphs: string[];
  items: { title: string; url: string; why: string }[];
  links: { label: string; url: string }[];
  headers: Record<string, string>;
}

function letterText(letter: Letter): string {
  return [
    ...letter.paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...letter.items.flatMap((item) => [item.title, `  ${item.why}`, `  ${item.url}`, ""]),
    ...letter.links.flatMap((link) => [`${link.label}:`, link.url, ""]),
    site.name,
    site.website,
    "",
  ].join("\n");
}

function letterHtml(letter: Letter): string {
  const link = (url: string, text: string) => `<a href="${escapeMarkup(url)}">${escapeMarkup(text)}</a>`;
  return [
    "<!doctype html><html><body>",
    ...letter.paragraphs.map((paragraph) => `<p>${escapeMarkup(paragraph)}</p>`),
    letter.items.length > 0
      ? `<ul>${letter.items.map((item) => `<li>${link(item.url, item.title)}<br>${escapeMarkup(item.why)}</li>`).join("")}</ul>`
      : "",
    ...letter.links.map((each) => `<p>${escapeMarkup(each.label)}: ${link(each.url, each.url)}</p>`),
    `<p>${escapeMarkup(site.name)}<br>${link(site.website, site.website)}</p>`,
    "</body></html>",
  ].join("\n");
}

async function letterFor(env: Env, mail: ClaimedMail): Promise<Letter | null> {
  const subject = subjectFromRow(mail.kind, mail.subject);
  const watched = await subjectInWords(env, subject, mail.purpose === "confirm");
  const links = JSON.parse(mail.private ?? "{}") as { confirmPath?: string; managePath?: string };
  if (mail.purpose === "confirm") {
    if (!links.confirmPath) return null;
    return {
      subject: `Please confirm your alert from ${site.name}`,
      paragraphs: [
        `Someone, we hope you, asked us on our website to e-mail this address about ${watched}.`,
        `Nothing more will be sent unless you open the link below and press its button. If it was not you, ignore this e-mail: the request is deleted after ${alertTerms.unconfirmedDays} days.`,
        `Once confirmed, the alert sends at most one e-mail a day and ends after ${alertTerms.confirmedMonths} months unless you renew it.`,
      ],
      items: [],
      links: [{ label: "Confirm the alert", url: absolute(links.confirmPath) }],
      headers: {},
    };
  }
  if (!links.managePath) return null;
  const results = await alertStep("read matches", () =>
    database(env.DB).all<MatchRow>(
      sql`SELECT m.vehicle_id, m.link, m.reason, m.price, v.name FROM alert_matches AS m LEFT JOIN vehicles AS v ON v.id = m.vehicle_id
       WHERE m.mail_id = ${mail.id} ORDER BY m.found_at, m.match_key`,
    ),
  );
  if (results.length === 0) return null;
  const manage = absolute(links.managePath);
  return {
    subject:
      results.length === 1
        ? `New match for your alert: ${results[0]!.name ?? "a cart"}`
        : `${results.length} new matches for your alert`,
    paragraphs: [`You asked us to e-mail you about ${watched}. New since our last e-mail:`],
    items: results.map((match) => ({
      title: `${match.name ?? match.vehicle_id ?? "Rental"}${match.price !== null ? `, ${formatMoney(match.price)}` : ""}`,
      url: absolute(match.link),
      why: match.reason,
    })),
    links: [
      {
        label: `This alert ends on ${dayOf(mail.ends_at)} unless you renew it. Renew or stop it here`,
        url: manage,
      },
      { label: "Unsubscribe (stop this alert)", url: manage },
    ],
    headers: {
      // RFC 2369 and RFC 8058: a mail client's one-click unsubscribe POSTs to this address.
      "List-Unsubscribe": `<${manage}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

/** The e-mail for a claimed alert mail, or null when there is nothing true to send any more. */
async function emailFor(env: Env, mail: ClaimedMail): Promise<OutgoingEmail | null> {
  const letter = await letterFor(env, mail);
  if (!letter) return null;
  return composed(
    env.CUSTOMER_EMAIL_FROM,
    mail.email,
    {
      subject: letter.subject,
      replyTo: { name: site.name, address: site.emails.sales },
      text: letterText(letter),
      html: letterHtml(letter),
      headers: { "Auto-Submitted": "auto-generated", ...letter.headers },
    },
    site.name,
  );
}

export type AlertDelivery = "sent" | "not-owed" | "given-up";

/**
 * Sends one stored alert e-mail once: claimed first, so a second delivery sends nothing while this
 * one holds it; marked sent (and its links erased) when the mail service accepts it. A refusal for
 * good is recorded and given up; anything else is thrown for the queue to retry.
 */
export async function deliverAlertMail(env: Env, mailer: Mailer, id: string): Promise<AlertDelivery> {
  const db = database(env.DB);
  const mail = await claim(db, id);
  if (!mail) return "not-owed";
  if (!env.CUSTOMER_EMAIL_FROM) {
    await finish(db, id, "not set up");
    return "given-up";
  }
  if (!asciiMailbox.test(mail.email)) {
    await finish(db, id, "address needs SMTPUTF8");
    return "given-up";
  }
  let email: OutgoingEmail | null;
  try {
    email = await emailFor(env, mail);
  } catch (error) {
    await release(db, id);
    throw error;
  }
  if (!email) {
    await finish(db, id, "nothing to send");
    return "given-up";
  }
  try {
    await mailer.send(email);
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal) {
      await finish(db, id, refusal);
      return "given-up";
    }
    await release(db, id);
    throw error;
  }
  await finish(db, id, null);
  return "sent";
}

/** Puts stored alert e-mails on the queue now; one that cannot go now is the sweeper's. */
export async function enqueueAlertMail(env: Env, ids: readonly string[]): Promise<number> {
  const db = database(env.DB);
  let enqueued = 0;
  for (const id of ids) {
    try {
      await env.CONTACT_QUEUE.send({ alertMailId: id } satisfies AlertQueueMessage);
      await alertStep("mark enqueued", () =>
        db.run(sql`UPDATE alert_mail SET enqueued_at = ${nowSql} WHERE id = ${id}`),
      );
      enqueued += 1;
    } catch (error) {
      console.error("alert mail enqueue failed; the sweeper will retry", { alertMailId: id, kind: errorKind(error) });
    }
  }
  return enqueued;
}

/** Cron: alert e-mails stored but never enqueued, or enqueued over ten minutes ago and still unsent. */
export async function sweepAlertMail(env: Env): Promise<number> {
  const results = await alertStep("find stalled mail", () =>
    database(env.DB).all<{ id: string }>(
      sql`SELECT id FROM alert_mail WHERE sent_at IS NULL AND error IS NULL
         AND (claimed_until IS NULL OR claimed_until < ${nowSql})
         AND (enqueued_at IS NULL OR enqueued_at < strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-600 seconds'))
       LIMIT 100`,
    ),
  );
  return enqueueAlertMail(
    env,
    results.map((row) => row.id),
  );
}

/** The queue consumer's part for alert e-mails: dead letters are given up, the rest delivered. */
export async function handleAlertMessages(
  messages: readonly Message<unknown>[],
  env: Env,
  mailer: Mailer,
  deadLetters: boolean,
): Promise<void> {
  for (const message of messages) {
    const id = (message.body as AlertQueueMessage).alertMailId;
    try {
      if (deadLetters) await finish(database(env.DB), id, "failed after every retry");
      else await deliverAlertMail(env, mailer, id);
      message.ack();
    } catch (error) {
      console.error("alert delivery failed", { alertMailId: id, attempt: message.attempts, kind: errorKind(error) });
      message.retry({ delaySeconds: Math.min(30 * 2 ** Math.max(message.attempts - 1, 0), 600) });
    }
  }
}
