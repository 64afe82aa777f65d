import { telHref, site } from "~/config/site";
import { PageHero } from "~/ui/PageHero";
import { TradeInForm, type TradeInFormProps } from "./TradeInForm";
import { tradeInPageWords } from "./trade-in-words";

export interface TradeInPageProps extends TradeInFormProps {
  /** The request was taken: the page says so instead of showing the form again. */
  sent: boolean;
  error?: string;
}

export function TradeInPage({ sent, error, ...form }: TradeInPageProps) {
  return (
    <>
      <PageHero title={<>{tradeInPageWords.title}</>} lead={<>{tradeInPageWords.lead}</>}>
        <a href={telHref()} className="button button--accent">
          Call {site.phone.display}
        </a>
      </PageHero>
      <section className="container page-section">
        {sent ? (
          <div className="card" role="status">
            <h2>{tradeInPageWords.sentTitle}</h2>
            <p>{tradeInPageWords.sent}</p>
          </div>
        ) : (
          <div className="card">
            {error ? (
              <p role="alert" className="field__error">
                {error}
              </p>
            ) : null}
            <TradeInForm {...form} />
          </div>
        )}
      </section>
    </>
  );
}
