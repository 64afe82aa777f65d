import type { ReactNode } from "react";

/** The green banner that opens most pages: optional badge, the page's h1, a lead line, actions. */
export function PageHero({
  badge,
  title,
  lead,
  children,
}: {
  badge?: string;
  title: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="hero">
      <div className="container">
        {badge ? <span className="hero__badge">{badge}</span> : null}
        <h1>{title}</h1>
        {lead ? <p className="hero__lead">{lead}</p> : null}
        {children ? <div className="button-row">{children}</div> : null}
      </div>
    </section>
  );
}
