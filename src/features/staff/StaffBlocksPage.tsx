import { staffBookingPath } from "~/config/pages";
import {
  blockNoteLength,
  forceBlockLabel,
  noBlocksAhead,
  type BookingToCall,
} from "~/features/bookings/booking-capacity-words";
import type { StaffBlocksOutcome, StaffBlocksView } from "./staff-blocks.server";

export interface StaffBlocksPageProps {
  view: StaffBlocksView;
  outcome?: Pick<StaffBlocksOutcome, "changed" | "message" | "bookings" | "after">;
}

/** The bookings whose customers must be called, each linking to its own staff page. */
function BookingsToCall({ bookings }: { bookings: BookingToCall[] }) {
  return (
    <ul className="staff-page__list">
      {bookings.map(({ reference, cells: [, ...rest] }) => (
        <li key={reference}>
          <a href={staffBookingPath(reference)}>{reference}</a> · {rest.filter(Boolean).join(" · ")}
        </li>
      ))}
    </ul>
  );
}

/**
 * Places and blocks for staff on a phone: each pool's places and today's held count, the blocks to
 * come with a button to remove each, and a form to add one. Plain form posts, no JavaScript.
 */
export function StaffBlocksPage({ view, outcome }: StaffBlocksPageProps) {
  return (
    <div className="container page-section staff-page">
      <h1>Blocks</h1>
      {outcome ? (
        <div role="status" className={outcome.changed ? "staff-page__done" : "staff-page__refused"}>
          <p className={outcome.changed ? undefined : "field__error"}>{outcome.message}</p>
          {outcome.bookings && outcome.bookings.length > 0 ? <BookingsToCall bookings={outcome.bookings} /> : null}
          {outcome.after ? <p className="field__error">{outcome.after}</p> : null}
        </div>
      ) : null}
      <section aria-labelledby="staff-places">
        <h2 id="staff-places">Places today ({view.today})</h2>
        <ul className="staff-page__list">
          {view.pools.map((pool) => (
            <li key={pool.pool}>
              <strong>{pool.title}</strong>: {pool.places}
              {pool.held ? `, ${pool.held}` : ""}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="staff-blocks">
        <h2 id="staff-blocks">Blocks, today or later</h2>
        {view.blocks.length === 0 ? (
          <p>{noBlocksAhead}</p>
        ) : (
          <ul className="staff-page__list">
            {view.blocks.map((block) => (
              <li key={block.id} className="staff-page__row">
                <span>
                  <strong>Block {block.id}</strong> · {block.title} · {block.days}
                  {block.note ? ` · ${block.note}` : ""}
                </span>
                <form method="post">
                  <input type="hidden" name="intent" value="unblock" />
                  <input type="hidden" name="block" value={block.id} />
                  <button type="submit" className="button button--ghost">
                    Unblock
                  </button>
                </form>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="staff-add-block">
        <h2 id="staff-add-block">Take one place out of service</h2>
        <form method="post">
          <input type="hidden" name="intent" value="block" />
          <input type="hidden" name="after" value={view.newestBlock} />
          <div className="field">
            <label htmlFor="block-pool">Pool</label>
            <select id="block-pool" name="pool" required>
              {view.choices.map((choice) => (
                <option key={choice.pool} value={choice.pool}>
                  {choice.title}
                </option>
              ))}
            </select>
          </div>
          <div className="field-grid">
            <div className="field">
              <label htmlFor="block-first">First day</label>
              <input id="block-first" name="first" type="date" required min={view.today} />
            </div>
            <div className="field">
              <label htmlFor="block-last">Last day</label>
              <input id="block-last" name="last" type="date" required min={view.today} />
            </div>
          </div>
          <div className="field">
            <label htmlFor="block-note">Note (why)</label>
            <input id="block-note" name="note" type="text" maxLength={blockNoteLength} />
          </div>
          <div className="field field--check">
            <input id="block-force" type="checkbox" name="force" value="yes" />
            <label htmlFor="block-force">{forceBlockLabel}</label>
          </div>
          <div className="staff-page__buttons">
            <button type="submit" className="button button--primary">
              Block
            </button>
          </div>
        </form>
      </section>
    </div>
  );
}
