import type { ReactNode } from "react";
import { purchaseTerms } from "~/config/site";
import { formatMoney, formatPrice, specificationLabel } from "~/lib/format";
import { Link } from "~/ui/links";
import { PageHero } from "~/ui/PageHero";
import type { ComparePageData, ComparedVehicle } from "./compare-page.server";
import { compareAddress, compareLimit, comparePath } from "./compare";
import { ExampleMark, ExampleNote } from "./ExampleMark";
import { RoadClassBadge } from "./RoadClassBadge";
import { canonicalVehiclePath } from "./vehicle-address";
import { VehiclePicture } from "./VehiclePicture";
import { vehicleImage } from "./vehicle-status";

/** The specifications compared, in this order; each value keeps its "(example)" mark. */
const comparedSpecifications = ["seatingCapacity", "range", "topSpeed", "batteryType", "chargingTime"] as const;

interface Row {
  label: string;
  cell: (entry: ComparedVehicle) => ReactNode;
}

const rows: Row[] = [
  { label: "Price", cell: ({ vehicle }) => formatPrice(vehicle.price) },
  { label: "Out-the-door at pickup", cell: ({ pickupPrice }) => formatMoney(pickupPrice.total) },
  ...comparedSpecifications.map((key): Row => ({
    label: specificationLabel(key),
    cell: ({ vehicle }) => (
      <>
        {String(vehicle.specifications[key])}
        <ExampleMark vehicle={vehicle} path={`specifications.${key}`} />
      </>
    ),
  })),
  { label: "Where it may drive", cell: ({ vehicle }) => <RoadClassBadge vehicle={vehicle} /> },
];

/** Carts side by side, one column each: a plain table the server renders from the address. */
export function ComparePage({ page }: { page: ComparePageData }) {
  const { compared, unknownIds, tooMany, addable } = page;
  const comparedIds = compared.map(({ vehicle }) => vehicle.id);
  return (
    <>
      <PageHero title={<>Compare carts</>} lead={<>Up to {compareLimit} carts side by side, priced out the door.</>} />
      <section className="container page-section compare" aria-labelledby="compare-title">
        <h2 id="compare-title" className="visually-hidden">
          Comparison
        </h2>
        {unknownIds.length > 0 ? (
          <p role="status" className="field__error">
            No cart has the id {unknownIds.map((id) => `"${id}"`).join(", ")};{" "}
            {unknownIds.length === 1 ? "it is" : "they are"} left out.
          </p>
        ) : null}
        {tooMany ? <p role="status">Only the first {compareLimit} carts are compared.</p> : null}
        {compared.length === 0 ? (
          <p>
            Choose carts to compare: tick Compare on the cards in our <Link to="/inventory">inventory</Link>.
          </p>
        ) : (
          <div className="compare__scroll" role="region" aria-labelledby="compare-caption" tabIndex={0}>
            <table className="data-table compare__table">
              <caption id="compare-caption">
                {compared.map(({ vehicle }) => vehicle.name).join(" compared with ")}
              </caption>
              <thead>
                <tr>
                  <td />
                  {compared.map(({ vehicle }) => (
                    <th key={vehicle.id} scope="col">
                      <VehiclePicture
                        image={vehicleImage(vehicle)}
                        alt=""
                        sizes="(min-width: 1024px) 240px, 45vw"
                        loading="lazy"
                        className="compare__image"
                      />
                      <Link to={canonicalVehiclePath(vehicle.id)}>{vehicle.name}</Link>
                      {compared.length > 1 ? (
                        <Link
                          to={compareAddress(comparedIds.filter((id) => id !== vehicle.id))}
                          className="compare__remove"
                          rel="nofollow"
                        >
                          Remove<span className="visually-hidden"> the {vehicle.name}</span>
                        </Link>
                      ) : null}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.label}>
                    <th scope="row">{row.label}</th>
                    {compared.map((entry) => (
                      <td key={entry.vehicle.id}>{row.cell(entry)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {addable.length > 0 ? <AddCartForm comparedIds={comparedIds} addable={addable} /> : null}
        {compared.some(({ vehicle }) => vehicle.exampleFields?.length) ? <ExampleNote /> : null}
        <p className="muted">
          Out-the-door at pickup: the price with Pennsylvania sales tax. {purchaseTerms.pennDotFees.comparison} Each
          cart's page prices delivery to your town.
        </p>
      </section>
    </>
  );
}

/** One more cart into the comparison: a GET form that sends the carts already shown along with it. */
function AddCartForm({ comparedIds, addable }: { comparedIds: string[]; addable: ComparePageData["addable"] }) {
  return (
    <form method="get" action={comparePath} className="compare__add">
      {comparedIds.map((id) => (
        <input key={id} type="hidden" name="ids" value={id} />
      ))}
      <div className="field">
        <label htmlFor="compare-add">Add a cart to compare</label>
        <select id="compare-add" name="ids" required defaultValue="">
          <option value="" disabled>
            Choose a cart
          </option>
          {addable.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.name}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button button--ghost">
        Add to comparison
      </button>
    </form>
  );
}
