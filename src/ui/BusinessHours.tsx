import { formatHours, site, type Department } from "~/config/site";

/** One department's hours as a definition list, e.g. "Mon-Fri  9AM-5PM". */
export function OpeningHoursList({ department }: { department: Department }) {
  return (
    <dl className="hours">
      {formatHours(department.hours).map((line) => (
        <div key={line.days} className="hours__row">
          <dt>{line.days}</dt>
          <dd>{line.times}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The showroom's and the service department's hours, each under its own label: they differ, and a
 * customer who reads one set of hours for both would come to a closed service desk.
 */
export function BusinessHours({
  departments = [site.showroomHours, site.serviceHours],
}: {
  departments?: readonly Department[];
}) {
  return (
    <div className="business-hours">
      {departments.map((department) => (
        <div key={department.name} className="business-hours__department">
          <p className="business-hours__name">{department.name}</p>
          <OpeningHoursList department={department} />
        </div>
      ))}
    </div>
  );
}
