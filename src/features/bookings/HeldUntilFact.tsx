/** The "Held until" row of a booking page's facts, while staff have not answered the request. */
export function HeldUntilFact({ holdsUntil }: { holdsUntil: string | null }) {
  if (!holdsUntil) return null;
  return (
    <div>
      <dt>Held until</dt>
      <dd>{holdsUntil}</dd>
    </div>
  );
}
