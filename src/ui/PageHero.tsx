import type { ReactNode } from "react";

/**
 * The green banner that opens most pages: optional badge, the page's h1, a lead line, actions, and
 * optionally a picture beside them (the dealer's photo, or the carts it sells).
 */
export function PageHero({
  badge,
  title,
  lead,
  children,
  media,
}: {
  badge?: string;
  title: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
  media?: ReactNode;
}) {
  return (
    <section className="hero">
      <div className={media ? "container hero__inner hero__inner--media" : "container"}>
        <div>
          {badge ? <span className="hero__badge">{badge}</span> : null}
          <h1>{title}</h1>
          {lead ? <p className="hero__lead">{lead}</p> : null}
          {children ? <div className="button-row">{children}</div> : null}
        </div>
        {media}
      </div>
    </section>
  );
}
