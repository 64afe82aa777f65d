import type { DemandView } from "./alert-demand";

/** The staff day view's section: how many people wait per search or vehicle, and per rental day. */
export function AlertDemand({ demand }: { demand: DemandView }) {
  return (
    <section aria-labelledby="staff-alert-demand">
      <h2 id="staff-alert-demand">People waiting for an alert</h2>
      {demand.subjects.length === 0 && demand.rentalDays.length === 0 ? (
        <p>Nobody is waiting for an alert.</p>
      ) : (
        <>
          <h3>By search or vehicle</h3>
          {demand.subjects.length > 0 ? (
            <ul className="staff-week__list">
              {demand.subjects.map((each) => (
                <li key={each.label}>
                  <strong>{each.waiting}</strong> {each.label}
                </li>
              ))}
            </ul>
          ) : (
            <p>None.</p>
          )}
          <h3>Rental carts, by day</h3>
          {demand.rentalDays.length > 0 ? (
            <ul className="staff-week__list">
              {demand.rentalDays.map((each) => (
                <li key={`${each.day} ${each.plan}`}>
                  <strong>{each.waiting}</strong> {each.day} {each.plan}
                </li>
              ))}
            </ul>
          ) : (
            <p>None.</p>
          )}
        </>
      )}
    </section>
  );
}
