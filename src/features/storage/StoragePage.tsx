import { storagePools, type StorageSpace } from "~/config/booking-pools";
import { storage } from "~/config/business-terms";
import { site, telHref } from "~/config/site";
import { formatPrice } from "~/lib/format";
import { Link } from "~/ui/links";
import { PageHero } from "~/ui/PageHero";
import { storageSpaceDescriptions, storageSpaceNames, storageSteps } from "./storage-content";
import { storageBookingLink, storageBookPath, storagePolicyPath } from "./storage-paths";
import { seasonText } from "./storage-quote";
import { StorageTermsList } from "./StorageTerms";

const spaces = Object.keys(storagePools) as StorageSpace[];

const monthlyPrice: Record<StorageSpace, number> = {
  indoor: storage.indoorMonthly,
  outdoor: storage.outdoorMonthly,
};

/** The price table's rows: each option and what it costs per kind of space. */
const priceRows: { option: string; price: (space: StorageSpace) => string }[] = [
  { option: "Monthly", price: (space) => `${formatPrice(monthlyPrice[space])} a month` },
  { option: `Winter package (${seasonText("winter")})`, price: (space) => formatPrice(storage.winter[space]) },
  { option: `Summer package (${seasonText("summer")})`, price: (space) => formatPrice(storage.summer[space]) },
];

/**
 * Cart storage between seasons: the storage policy's prices, add-ons and terms (read from the same
 * config as the policy page), and the way to book a space online. A plain document, pre-rendered.
 */
export function StoragePage() {
  return (
    <>
      <PageHero
        title={<>Golf Cart Storage</>}
        lead={
          <>
            Store your cart with us between seasons, indoors or under cover, in {site.county}. See your price and book a
            space online; our staff call to confirm.
          </>
        }
      >
        <Link to={storageBookPath} className="button button--accent">
          Book storage online
        </Link>
        <a href={telHref()} className="button button--ghost">
          Call {site.phone.display}
        </a>
      </PageHero>

      <section className="container page-section storage" aria-labelledby="storage-prices-title">
        <h2 id="storage-prices-title">Prices</h2>
        <div className="table-wrap" role="region" aria-labelledby="storage-prices-title" tabIndex={0}>
          <table className="data-table data-table--stack storage-prices">
            <caption className="visually-hidden">Storage prices</caption>
            <thead>
              <tr>
                <th scope="col">Option</th>
                {spaces.map((space) => (
                  <th scope="col" key={space}>
                    {storageSpaceNames[space]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {priceRows.map(({ option, price }) => (
                <tr key={option}>
                  <th scope="row">{option}</th>
                  {spaces.map((space) => (
                    <td key={space} data-label={storageSpaceNames[space]}>
                      {price(space)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="grid storage-spaces">
          {spaces.map((space) => (
            <article className="card" key={space} aria-labelledby={`storage-space-${space}`}>
              <h3 id={`storage-space-${space}`}>{storageSpaceNames[space]} storage</h3>
              <p>{storageSpaceDescriptions[space]}</p>
              <ul className="storage-spaces__links">
                <li>
                  <Link to={storageBookingLink(space, "winter")}>
                    Book the {storageSpaceNames[space].toLowerCase()} winter package
                  </Link>
                </li>
                <li>
                  <Link to={storageBookingLink(space, "summer")}>
                    Book the {storageSpaceNames[space].toLowerCase()} summer package
                  </Link>
                </li>
                <li>
                  <Link to={storageBookingLink(space, "monthly-1")}>
                    Book {storageSpaceNames[space].toLowerCase()} storage by the month
                  </Link>
                </li>
              </ul>
            </article>
          ))}
        </div>
      </section>

      <section className="section-alt page-section" aria-labelledby="storage-addons-title">
        <div className="container">
          <h2 id="storage-addons-title">Add-ons</h2>
          <ul className="check-list">
            <li>Battery and tyre maintenance while stored: {formatPrice(storage.maintenanceMonthly)} a month.</li>
            <li>Pre-season preparation: {formatPrice(storage.preSeasonPrep)}, once.</li>
          </ul>
        </div>
      </section>

      <section className="container page-section" aria-labelledby="storage-steps-title">
        <h2 id="storage-steps-title">How booking works</h2>
        <ol className="storage-steps">
          {storageSteps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <p>
          <Link to={storageBookPath} className="button button--primary">
            Book storage online
          </Link>
        </p>
      </section>

      <div className="container page-section">
        <StorageTermsList headingId="storage-terms-title" />
        <p>
          Read the full <Link to={storagePolicyPath}>storage policy</Link>, or call{" "}
          <a href={telHref()}>{site.phone.display}</a> with any question.
        </p>
      </div>
    </>
  );
}
