import { staffVehiclePath } from "~/config/pages";
import { rowWords } from "~/features/catalogue-upkeep/csv-row-words";
import { visibleLines, visibleText } from "~/lib/visible-text";
import type { SpreadsheetOutcome } from "./staff-spreadsheet.server";

export interface StaffSpreadsheetPageProps {
  title: string;
  /** The catalogue's download address. */
  downloadPath: string;
  outcome?: SpreadsheetOutcome;
}

/** The file's own forms carry it back unchanged, with the server's seal: nothing is stored between posts. */
function CarriedFile({ fileName, content, seal }: { fileName: string; content: string; seal?: string }) {
  return (
    <>
      <input type="hidden" name="fileName" value={fileName} />
      <input type="hidden" name="content" value={content} />
      {seal ? <input type="hidden" name="seal" value={seal} /> : null}
    </>
  );
}

function Preview({ outcome, downloadPath }: { outcome: SpreadsheetOutcome; downloadPath: string }) {
  const refused = outcome.problems.length > 0;
  const changes = outcome.counts.created + outcome.counts.updated;
  return (
    <section aria-labelledby="csv-preview-heading" data-testid="csv-preview">
      <h2 id="csv-preview-heading">{outcome.written ? "Imported" : "Preview"}</h2>
      <div role={refused ? "alert" : "status"} className={refused ? "staff-page__refused" : "staff-page__done"}>
        <p className={refused ? "field__error" : undefined}>{visibleLines(outcome.message)}</p>
      </div>
      {outcome.rows.length > 0 ? (
        <ul className="staff-page__list staff-spreadsheet__rows" data-testid="csv-rows">
          {outcome.rows.map((row) => (
            <li key={`${row.row}-${row.id}`}>
              Row {row.row} ·{" "}
              {row.fate === "updated" || row.fate === "unchanged" ? (
                <a href={staffVehiclePath(row.id)}>{row.id}</a>
              ) : (
                visibleText(row.id)
              )}{" "}
              · {rowWords(row, { written: outcome.written })}
              {row.problems.map((problem) => (
                <span key={problem.column + problem.message} className="field__error">
                  <br />
                  {visibleText(problem.column)}: {visibleLines(problem.message)}
                </span>
              ))}
            </li>
          ))}
        </ul>
      ) : null}
      {outcome.problems
        .filter((problem) => problem.row === 0)
        .map((problem) => (
          <p key={problem.column} className="field__error">
            {visibleText(problem.column)}: {visibleLines(problem.message)}
          </p>
        ))}
      {outcome.encoding ? <p data-testid="csv-encoding">{outcome.encoding}</p> : null}
      {outcome.counts.unchanged > 0 ? <p>{outcome.counts.unchanged} rows are as the catalogue has them.</p> : null}
      {outcome.extraColumns.length > 0 ? (
        <p data-testid="csv-extra-columns">
          Columns ignored (not the catalogue's): {outcome.extraColumns.map(visibleText).join(", ")}
        </p>
      ) : null}
      {outcome.missingColumns.length > 0 ? (
        <p>Columns the file leaves out, kept as they are: {outcome.missingColumns.join(", ")}</p>
      ) : null}
      {!outcome.written && !refused && changes > 0 && outcome.seal ? (
        <form method="post" className="staff-page__buttons">
          <CarriedFile fileName={outcome.fileName} content={outcome.content} seal={outcome.seal} />
          <button type="submit" name="intent" value="confirm" className="button button--primary">
            Import {changes} {changes === 1 ? "change" : "changes"}
          </button>
        </form>
      ) : null}
      {outcome.restamped ? (
        <>
          <p>
            To edit this spreadsheet and import it again, save it with the versions this import gave its rows: the file
            you have would conflict on each of them.
          </p>
          <form method="post" action={downloadPath} className="staff-page__buttons">
            <CarriedFile fileName={outcome.fileName} {...outcome.restamped} />
            <button type="submit" name="intent" value="restamped" className="button button--ghost">
              Download {outcome.fileName} with its new versions
            </button>
          </form>
        </>
      ) : null}
      {refused && outcome.content ? (
        <form method="post" action={downloadPath} className="staff-page__buttons">
          <CarriedFile fileName={outcome.fileName} content={outcome.content} />
          <button type="submit" className="button button--ghost">
            Download the problems (CSV)
          </button>
        </form>
      ) : null}
    </section>
  );
}

/**
 * The catalogue as a spreadsheet for staff: download it, change it in Excel or the DMS, upload it,
 * see what each row would do, then confirm. Plain forms, no JavaScript.
 */
export function StaffSpreadsheetPage({ title, downloadPath, outcome }: StaffSpreadsheetPageProps) {
  return (
    <div className="container page-section staff-page">
      <h1>{title}</h1>
      <p>
        One row a vehicle, for Excel or the dealer management system. Vehicles missing from a file are left as they are;
        a row someone changed since the download is refused.
      </p>
      <p className="staff-page__buttons">
        <a className="button button--ghost" href={downloadPath} download="catalogue.csv">
          Download the catalogue (CSV)
        </a>
      </p>
      <form method="post" encType="multipart/form-data" className="staff-form">
        <div className="staff-form__group">
          <label htmlFor="spreadsheet-file">Spreadsheet to import (.csv)</label>
          <input id="spreadsheet-file" name="file" type="file" accept=".csv,text/csv" required />
        </div>
        <p className="staff-page__buttons">
          <button type="submit" name="intent" value="preview" className="button button--primary">
            Preview the import
          </button>
        </p>
      </form>
      {outcome ? <Preview outcome={outcome} downloadPath={downloadPath} /> : null}
    </div>
  );
}
