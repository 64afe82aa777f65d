export interface InfoCard {
  title: string;
  text: string;
}

/** A grid of short titled cards: reasons, values, benefits, perks. */
export function InfoCards({ items, headingLevel = 3 }: { items: readonly InfoCard[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="grid">
      {items.map((item) => (
        <div key={item.title} className="card">
          <Heading>{item.title}</Heading>
          <p>{item.text}</p>
        </div>
      ))}
    </div>
  );
}
