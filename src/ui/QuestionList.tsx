import { Fragment } from "react";
import type { Question } from "~/seo/structured-data";
import { Link } from "./links";

/**
 * A page's FAQ as readers see it. Pages give search engines the same questions as FAQ data, which
 * is only honoured when the page shows them too.
 */
export function QuestionList({ questions }: { questions: readonly Question[] }) {
  return (
    <dl className="question-list">
      {questions.map((entry) => (
        <Fragment key={entry.question}>
          <dt>{entry.question}</dt>
          <dd>
            {entry.answer}
            {entry.more ? (
              <>
                {" "}
                <Link to={entry.more.path}>{entry.more.label}</Link>
              </>
            ) : null}
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}
