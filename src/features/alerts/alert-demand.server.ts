import { sql } from "drizzle-orm";
import type { Database } from "~/server/db.server";
import { alertStep } from "./alert-store.server";
import { demandSql, demandView, type DemandRow, type DemandView } from "./alert-demand";

/** The demand the staff day view shows. */
export async function alertDemand(db: Database): Promise<DemandView> {
  // The statement is a constant shared with the terminal command (scripts/staff/alerts.ts): no values.
  const results = await alertStep("read demand", () => db.all<DemandRow>(sql.raw(demandSql)));
  return demandView(results);
}
