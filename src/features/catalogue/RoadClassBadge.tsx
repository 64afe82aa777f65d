import { ExampleMark } from "./ExampleMark";
import type { Vehicle } from "./vehicle";
import { roadClassLabels, roadClassOf, type RoadClass } from "./vehicle-facts";

/** The link to the road-use guide, asked of the vehicle's own class by its name. */
export const roadUseQuestions = {
  lsv: `Where may a ${roadClassLabels.lsv.charAt(0).toLowerCase()}${roadClassLabels.lsv.slice(1)} drive in Pennsylvania?`,
  "golf-cart": `Where may a ${roadClassLabels["golf-cart"].toLowerCase()} drive in Pennsylvania?`,
} as const satisfies Record<RoadClass, string>;

/** The vehicle's road class as a badge, marked "(example)" until the dealer confirms it. */
export function RoadClassBadge({ vehicle }: { vehicle: Pick<Vehicle, "roadClass" | "exampleFields"> }) {
  const roadClass = roadClassOf(vehicle);
  return (
    <span className={`badge badge--${roadClass}`} data-testid="road-class">
      {roadClassLabels[roadClass]}
      <ExampleMark vehicle={vehicle} path="roadClass" />
    </span>
  );
}

/** Shown while every unit of a vehicle is held for a buyer. */
export function ReservedBadge() {
  return (
    <span className="badge badge--reserved" data-testid="reserved">
      Reserved
    </span>
  );
}
