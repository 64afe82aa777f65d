import { ExampleMark } from "./ExampleMark";
import type { Vehicle } from "./vehicle";
import { roadClassOf } from "./vehicle-facts";

/** What each road class is called wherever a vehicle is shown: a card, its page, the comparison. */
export const roadClassLabels = {
  lsv: "Street-legal LSV",
  "golf-cart": "Golf cart",
} as const;

/** The link to the road-use guide, asked of the vehicle's own class. */
export const roadUseQuestions = {
  lsv: "Where may a street-legal LSV drive in Pennsylvania?",
  "golf-cart": "Where may a golf cart drive in Pennsylvania?",
} as const;

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
