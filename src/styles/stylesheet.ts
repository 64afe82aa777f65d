import href from "./site.css?url";

/** The site's one stylesheet as the build names it (a hashed file under /assets). */
export const stylesheetHref: string = href;
