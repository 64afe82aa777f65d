import { alertStep } from "./alert-store.server";
import { demandSql, demandView, type DemandRow, type DemandView } from "./alert-demand";

/** The demand the staff day view shows. */
export async function alertDemand(db: D1Database): Promise<DemandView> {
  const { results } = await alertStep("read demand", () => db.prepare(demandSql).all<DemandRow>());
  return demandView(results);
}
