import { catalogueCsv } from "~/features/catalogue-upkeep/catalogue-csv";
import { readStoredCatalogue } from "~/features/catalogue-upkeep/catalogue-csv-import.server";
import { csvAttachment, restampedDownload, spreadsheetProblems } from "~/features/staff/staff-spreadsheet.server";
import { workerContext } from "~/server/context.server";
import { readStaffForm } from "~/server/staff-form.server";
import { requireStaff } from "~/server/staff-access.server";
import type { Route } from "./+types/staff-catalogue-csv";

/** The catalogue as the command's `export catalogue.csv` writes it, for staff to download. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const worker = context.get(workerContext);
  await requireStaff(request, worker.env);
  return csvAttachment(catalogueCsv((await readStoredCatalogue(worker.db)).vehicles), "catalogue.csv");
}

/** The problems of a refused preview, or the file an import restamped, as a spreadsheet to save. */
export async function action({ request, context }: Route.ActionArgs) {
  const worker = context.get(workerContext);
  await requireStaff(request, worker.env);
  const form = await readStaffForm(request);
  if (form instanceof Response) return form;
  if (form.get("intent") === "restamped") return restampedDownload(form, worker.env.SPREADSHEET_SIGNING_KEY);
  return spreadsheetProblems(worker.db, form);
}
