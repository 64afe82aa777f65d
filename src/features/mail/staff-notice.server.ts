import type { Database } from "~/server/db.server";
import { claimCapNotice } from "~/server/hourly-cap.server";
import { bindingMailer, type Mailer } from "./mailer.server";
import { staffNoticeEmail } from "./staff-email.server";
import type { StaffPageLink } from "./staff-page-links";

export interface StaffNotice {
  subject: string;
  /** Plain text naming ids and counts only: a notice never carries a visitor's words. */
  text: string;
  /** The staff page the notice is about: the e-mail's first line, before `text`. */
  staffPage?: StaffPageLink;
}

/**
 * Tells staff about something the site cannot fix by itself (a message that ran out of retries,
 * the hourly cap reached). Best effort: the notice goes through the same mail server that may be
 * failing, so a failure is logged by its kind and never thrown.
 */
export async function notifyStaff(env: Env, mailer: Mailer, notice: StaffNotice): Promise<boolean> {
  try {
    await mailer.send(
      await staffNoticeEmail(notice.subject, notice.text, env.STAFF_EMAIL_FROM, env.STAFF_EMAIL_TO, notice.staffPage),
    );
    return true;
  } catch (error) {
    console.error("staff notice not sent", {
      subject: notice.subject,
      reason: error instanceof Error ? error.name : "unknown",
    });
    return false;
  }
}

/** Sends staff `notice` once per hour for the cap named `scope`; later callers that hour send nothing. */
export async function noticeOncePerHour(
  env: Env,
  db: Database,
  scope: string,
  at: Date,
  notice: { subject: string; text: string },
): Promise<void> {
  if (!(await claimCapNotice(db, scope, at))) return;
  await notifyStaff(env, bindingMailer(env.STAFF_EMAIL), notice);
}
