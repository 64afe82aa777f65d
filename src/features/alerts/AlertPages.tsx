import { alertWords } from "~/config/alert-terms";
import { PageHero } from "~/ui/PageHero";

/**
 * The pages an alert e-mail's links open. A GET only shows a button; the POST does the change, since
 * mail scanners open every link in an e-mail.
 */

export function AlertConfirmPage({ outcome }: { outcome: { confirmed: boolean } | undefined }) {
  if (outcome) {
    return (
      <PageHero
        title={alertWords.confirmHeading}
        lead={outcome.confirmed ? alertWords.confirmed : alertWords.confirmGone}
      />
    );
  }
  return (
    <PageHero title={alertWords.confirmHeading} lead={alertWords.how}>
      <form method="post">
        <button type="submit" className="button button--primary">
          {alertWords.confirmButton}
        </button>
      </form>
    </PageHero>
  );
}

export type ManageOutcome = { done: "stopped" | "renewed" | "gone" };

export function AlertManagePage({ outcome }: { outcome: ManageOutcome | undefined }) {
  if (outcome) {
    const lead =
      outcome.done === "stopped"
        ? alertWords.unsubscribed
        : outcome.done === "renewed"
          ? alertWords.renewed
          : alertWords.manageGone;
    return <PageHero title={alertWords.manageHeading} lead={lead} />;
  }
  return (
    <PageHero title={alertWords.manageHeading} lead={alertWords.how}>
      <form method="post">
        <input type="hidden" name="intent" value="stop" />
        <button type="submit" className="button button--primary">
          {alertWords.unsubscribeButton}
        </button>
      </form>
      <form method="post">
        <input type="hidden" name="intent" value="renew" />
        <button type="submit" className="button">
          {alertWords.renewButton}
        </button>
      </form>
    </PageHero>
  );
}
