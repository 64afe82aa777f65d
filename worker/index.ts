/**
 * The Worker: plain http is sent to https first (src/server/https-redirect.ts); then /api/* goes
 * to the Hono API, /staff/* to React Router once Cloudflare Access's token checks out
 * (src/server/staff-access.server.ts) and never through the edge cache, every other request to
 * React Router, the API and pages through the edge cache where the answer can be cached; the queue
 * handler e-mails contact messages (bookings of every kind among them) to staff and to the
 * customer, and each booking's status change to its customer, and the cron job re-enqueues stalled
 * ones (and those status changes), deletes those past their retention, announces bookings a request
 * left unannounced, releases those staff left unanswered and reminds customers of their booking the
 * day before it; and it deletes alert requests past their period, e-mails alerts their new matches
 * (at most one e-mail a day each) and re-enqueues stalled alert e-mails.
 * Static files and pre-rendered pages never reach this code; the asset layer answers them first.
 */
import { Hono } from "hono";
import { createRequestHandler } from "react-router";
import { isCatalogueAnswer, vehicleAnswerCacheControl } from "~/features/catalogue/vehicles-api.server";
import { holdsShownAt, isStaffPath, tradeInDraftPhotoPath, tradeInPath } from "~/config/pages";
import { requestLimits } from "~/config/request-limits";
import { answerPhotoRequest, isPhotoPath } from "~/features/photos/photo-files.server";
import { sweepStalledMessages } from "~/features/mail/mail-delivery.server";
import { deleteExpiredContactMessages } from "~/features/mail/outbox-retention.server";
import { bindingMailer } from "~/features/mail/mailer.server";
import { announceMissedBookings, releaseStaleBookings } from "~/features/bookings/booking-notices.server";
import { sendBookingReminders } from "~/features/bookings/booking-reminders.server";
import type { AlertQueueMessage } from "~/features/alerts/alert-mail.server";
import { alertMail, runAlertJobs } from "~/features/alerts/alert-jobs.server";
import { oneClickReady } from "~/features/alerts/alert-pages.server";
import { handleMailQueue } from "~/features/mail/mail-queue.server";
import type { ContactQueueMessage } from "~/features/mail/outbox.server";
import { createRouterContext } from "~/server/context.server";
import { cachedAnswer } from "~/server/page-cache.server";
import { limitRequestBody } from "~/server/request-body.server";
import { httpsRedirect } from "~/server/https-redirect";
import { createNonce, withSecurityHeaders } from "~/server/security-headers";
import { staffAnswer } from "~/server/staff-access.server";
import { deleteExpiredPaperwork } from "~/features/rentals/paperwork.server";
import { settleDeposits } from "~/features/payments/settle.server";
import { checkDepositsDaily } from "~/features/payments/money-check.server";
import { deleteExpiredTradeIns } from "~/features/trade-ins/trade-in-retention.server";
import { api } from "./api";

const loadServerBuild = () => import("virtual:react-router/server-build");
const renderPage = createRequestHandler(loadServerBuild, import.meta.env.MODE);
/** Names the client build, whose pages name its script files; cached copies never outlive it. */
const currentBuild = async () => (await loadServerBuild()).assets.version;

const apiRouter = new Hono<{ Bindings: Env }>().route("/api", api);

/**
 * Under `npm run dev` the code changes between requests while the build keeps its name, so a kept
 * copy would show a page as it was before the last edit: there every answer is made afresh.
 */
const edgeCached: typeof cachedAnswer = import.meta.env.DEV ? ({ produce }) => produce(createNonce()) : cachedAnswer;

async function answer(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const { pathname } = new URL(request.url);
  if (isPhotoPath(pathname)) return answerPhotoRequest(request, env.PHOTOS);
  if (pathname.startsWith("/api/")) {
    const askApi = async () => apiRouter.fetch(request, env, ctx);
    if (!isCatalogueAnswer(pathname)) return askApi();
    return edgeCached({
      request,
      db: env.DB,
      ctx,
      build: await currentBuild(),
      workerVersion: env.CF_VERSION_METADATA,
      produce: askApi,
      browserCacheControl: vehicleAnswerCacheControl,
      // A vehicle's record says how many units are on the lot, never how many buyers hold.
      holds: { shows: "none" },
    });
  }
  // Staff pages: only past the Cloudflare Access check, and never through the edge cache. Their
  // posts may carry photos, so their body limit is checked only once Access has let the sender in.
  if (isStaffPath(pathname)) {
    return staffAnswer(request, env, async () => {
      const withinLimit = await limitRequestBody(request, requestLimits.staffForm);
      if (withinLimit instanceof Response) return withinLimit;
      return renderPage(withinLimit, createRouterContext({ env, ctx, nonce: createNonce() }));
    });
  }
  // Every method, not just GET: form posts without JavaScript must reach the route actions.
  return edgeCached({
    request,
    db: env.DB,
    ctx,
    build: await currentBuild(),
    workerVersion: env.CF_VERSION_METADATA,
    produce: (nonce) => renderPage(oneClickReady(request), createRouterContext({ env, ctx, nonce })),
    browserCacheControl: "no-cache",
    holds: holdsShownAt(pathname),
  });
}

/** The trade-in form carries photos: its POST alone may pass `anyBody`, up to its own limit. */
function publicBodyLimit(request: Request): number {
  const path = new URL(request.url).pathname;
  // The form, and one photo sent ahead of it by the page's island: the same photos, the same limit.
  const tradeIn = request.method === "POST" && (path === tradeInPath || path === tradeInDraftPhotoPath);
  return tradeIn ? requestLimits.tradeInForm : requestLimits.anyBody;
}

export default {
  async fetch(request, env, ctx) {
    const toHttps = httpsRedirect(request);
    if (toHttps) return withSecurityHeaders(toHttps);
    if (isStaffPath(new URL(request.url).pathname)) return withSecurityHeaders(await answer(request, env, ctx));
    const withinLimit = await limitRequestBody(request, publicBodyLimit(request));
    if (withinLimit instanceof Response) return withSecurityHeaders(withinLimit);
    return withSecurityHeaders(await answer(withinLimit, env, ctx));
  },
  async queue(batch, env) {
    return handleMailQueue(batch, env, [alertMail]);
  },
  async scheduled(controller, env) {
    // All run even if one fails; any failure still fails the run, so it shows in the cron log.
    const jobs = await Promise.allSettled([
      sweepStalledMessages(env),
      deleteExpiredContactMessages(env),
      announceMissedBookings(env),
      releaseStaleBookings(env, bindingMailer(env.STAFF_EMAIL)),
      sendBookingReminders(env),
      runAlertJobs(env),
      deleteExpiredPaperwork(env),
      settleDeposits(env),
      checkDepositsDaily(env, bindingMailer(env.STAFF_EMAIL), new Date(controller.scheduledTime)),
      deleteExpiredTradeIns(env),
    ]);
    const failure = jobs.find((job) => job.status === "rejected");
    if (failure) throw failure.reason;
  },
} satisfies ExportedHandler<Env, ContactQueueMessage | AlertQueueMessage>;
