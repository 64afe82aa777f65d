import { historyStatement, type VehicleChangeRow } from "~/features/catalogue-upkeep/catalogue-statements.server";
import { historyChanges } from "~/features/catalogue-upkeep/vehicle-history";
import { visibleText } from "~/lib/visible-text";
import { dealerTimestamp } from "~/lib/dealer-clock";
import { findVehicleSql } from "./catalogue-sql";
import { databaseName, query, type D1Target } from "./d1";
import { sqlText } from "./statement-text";
import { StaffRefusal, where } from "./staff-messages";

/** `npm run catalogue -- history ID`: every recorded change of a vehicle, oldest first. */
export function printHistory(target: D1Target, id: string): number {
  const rows = query<VehicleChangeRow>(
    target,
    sqlText(historyStatement(id)),
    `reading the history of ${id} from ${databaseName(target)}`,
  );
  if (rows.length === 0) {
    const [vehicle] = query(target, findVehicleSql(id), `reading ${id} from ${databaseName(target)}`);
    if (!vehicle) {
      throw new StaffRefusal(
        `No vehicle has the id "${visibleText(id)}" ${where(target)}, and none had. Ids are in the export file.`,
      );
    }
    console.log(`No change of ${id} is recorded ${where(target)} (history starts with migration 0022).`);
    return 0;
  }
  console.log(`Changes of ${id} ${where(target)}, oldest first:`);
  for (const change of historyChanges(rows)) {
    console.log(`${dealerTimestamp(new Date(change.changedAt))}  ${visibleText(change.changedBy)}`);
    for (const field of change.fields) console.log(`  ${field.field}: ${field.before} → ${field.after}`);
  }
  return 0;
}
