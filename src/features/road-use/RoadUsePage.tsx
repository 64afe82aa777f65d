import { Fragment } from "react";
import { QuestionList } from "~/ui/QuestionList";
import { counselReviewMark } from "~/config/counsel-review";
import { roadUseGuide, type Source, type Statement } from "./road-use-content";

/** The road-use guide: each statement followed by the source it comes from. */
export function RoadUsePage() {
  const guide = roadUseGuide;
  return (
    <article>
      <header className="hero">
        <div className="container">
          <h1>{guide.title}</h1>
          <p className="hero__lead">{guide.intro}</p>
          <p className="policy__effective">
            Sources last checked <time dateTime={guide.lastChecked.iso}>{guide.lastChecked.text}</time>
          </p>
        </div>
      </header>
      <div className="container page-section policy road-use">
        <p className="road-use__caution" role="note">
          {guide.caution}
        </p>
        {guide.sections.map((section) => (
          <section key={section.id} aria-labelledby={section.id}>
            <h2 id={section.id}>{section.heading}</h2>
            {section.statements.map((statement) => (
              <StatementView key={statement.text} statement={statement} />
            ))}
          </section>
        ))}
        <section aria-labelledby="road-use-questions">
          <h2 id="road-use-questions">Questions buyers ask</h2>
          <QuestionList questions={guide.questions} />
        </section>
      </div>
    </article>
  );
}

function StatementView({ statement }: { statement: Statement }) {
  return (
    <div className="road-use__statement">
      <p>{statement.text}</p>
      {statement.unconfirmed ? <p className="road-use__unconfirmed">{counselReviewMark}</p> : null}
      <p className="road-use__source">
        Source:{" "}
        {statement.sources.map((source, index) => (
          <Fragment key={source.citation}>
            {index > 0 ? "; " : null}
            <SourceView source={source} />
          </Fragment>
        ))}
      </p>
    </div>
  );
}

function SourceView({ source }: { source: Source }) {
  return source.href ? (
    <cite>
      <a href={source.href} rel="external noopener">
        {source.citation}
      </a>
    </cite>
  ) : (
    <cite>{source.citation}</cite>
  );
}
