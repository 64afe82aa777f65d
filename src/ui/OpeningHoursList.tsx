import { formatHours } from "~/config/site";

export function OpeningHoursList() {
  return (
    <dl className="hours">
      {formatHours().map((line) => (
        <div key={line.days} className="hours__row">
          <dt>{line.days}</dt>
          <dd>{line.times}</dd>
        </div>
      ))}
    </dl>
  );
}
