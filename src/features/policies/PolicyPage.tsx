import { QuestionList } from "~/ui/QuestionList";
import type { PolicyDocument, PolicySection } from "./policy-document";

export function PolicyPage({ document }: { document: PolicyDocument }) {
  const body = (
    <>
      {document.sections.map((section) => (
        <PolicySectionView key={section.heading} section={section} />
      ))}
      {document.questions ? (
        <section>
          <h2>Questions</h2>
          <QuestionList questions={document.questions} />
        </section>
      ) : null}
    </>
  );
  if (!document.hero) {
    return (
      <article className="container page-section policy">
        <h1>{document.title}</h1>
        <p>{document.intro}</p>
        <EffectiveDate document={document} />
        {body}
      </article>
    );
  }
  return (
    <article>
      <header className="hero">
        <div className="container">
          <h1>{document.title}</h1>
          <p className="hero__lead">{document.intro}</p>
          <EffectiveDate document={document} />
        </div>
      </header>
      <div className="container page-section policy">{body}</div>
    </article>
  );
}

function EffectiveDate({ document }: { document: PolicyDocument }) {
  return (
    <p className="policy__effective">
      Effective <time dateTime={document.effectiveDate.iso}>{document.effectiveDate.text}</time>
    </p>
  );
}

function PolicySectionView({ section }: { section: PolicySection }) {
  return (
    <section>
      <h2>{section.heading}</h2>
      {section.paragraphs?.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {section.list ? (
        <ul>
          {section.list.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      ) : null}
      {section.table ? (
        <div className="table-wrap" role="region" aria-label={section.table.caption} tabIndex={0}>
          <table className="data-table data-table--stack">
            <caption>{section.table.caption}</caption>
            <thead>
              <tr>
                {section.table.head.map((cell) => (
                  <th key={cell} scope="col">
                    {cell}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {section.table.rows.map((row) => (
                <tr key={row.join("|")}>
                  {row.map((cell, index) =>
                    index === 0 ? (
                      <th key={`${index}-${cell}`} scope="row">
                        {cell}
                      </th>
                    ) : (
                      <td key={`${index}-${cell}`} data-label={section.table!.head[index]}>
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
