/**
 * A host name alone, lowercase, without scheme, port or path: "photos.example-dealer.com".
 * Photos are always fetched over https.
 */
export type ImageHost = `${string}.${string}`;

/**
 * The hosts vehicle photos may come from besides the site itself. The catalogue import refuses an
 * https image on any other host, and every page's Content-Security-Policy lets browsers load images
 * from exactly these, so a photo the import accepts is never one the browser blocks.
 *
 * Empty: every vehicle picture is a file under public/. To import photos kept elsewhere, add their
 * host here (e.g. "photos.example-dealer.com"), then build and deploy before importing.
 */
export const imageHosts: readonly ImageHost[] = [];
