import { site } from "~/config/site";
import type { Town } from "~/config/towns";

/** "Montrose Borough", "Lenox Township": township names already carry their type. */
export function municipalityName(town: Pick<Town, "name" | "type">): string {
  return town.name.endsWith(` ${town.type}`) ? town.name : `${town.name} ${town.type}`;
}

/** The town map's search, e.g. "Lenox Township, Susquehanna County, PA"; the page centres it on the town's coordinates. */
export function townMapQuery(town: Pick<Town, "name" | "type">): string {
  return `${municipalityName(town)}, ${site.county}, ${site.stateCode}`;
}
