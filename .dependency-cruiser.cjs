/**
 * The floors of src/, checked on every `npm test` (dependency-cruiser). From the ground up:
 *   config  site facts, business terms, the town list, the page registry: imports nothing of src/
 *   lib     pure helpers (formatting, escaping, distances, the consent cookie, route handles)
 *   ui, seo shared components; meta and structured-data builders
 *   db, server   schema; request context, page cache, security headers, and the checks every
 *                visitor form shares (the person fields' schema, Turnstile, hourly caps, same-origin
 *                and client keys): no feature code
 *   features     one folder each; they use the floors below, and the few feature-to-feature
 *                imports run one way (home, showroom, about, contact -> catalogue, photos: the
 *                featured carts or the dealer's own photo lead their heroes, and the contact form
 *                names the cart it asks about; catalogue -> financing;
 *                catalogue -> photos: pages show a vehicle's photos, the photo files know no vehicle;
 *                catalogue-upkeep -> catalogue, photos: the statements that change the catalogue
 *                (writes, version checks, the spreadsheet, edits, history) build on the vehicle the
 *                public pages read, which never import the write path;
 *                mail -> catalogue: the outgoing mail (outbox, queue consumer, delivery and retries,
 *                the staff and customer e-mails) names the cart a message is about;
 *                contact, bookings -> mail: a contact message and every booking are told to staff
 *                and the customer by e-mail;
 *                rentals, services, storage -> bookings, mail: they book through the one capacity
 *                engine and are announced by e-mail; rentals -> policies, road-use: the rental
 *                paperwork states the rental policy's terms and the road-use rules from their sources;
 *                reservations -> bookings, catalogue: a buyer holds a vehicle at its out-the-door
 *                price; payments -> bookings, mail: a deposit paid online moves with its booking and
 *                is receipted by e-mail; rentals, reservations, staff -> payments: their pages offer,
 *                show and refund the deposit; test-drives -> bookings, catalogue: a driver books an in-stock cart's slot;
 *                trade-ins -> mail, photos: a trade-in is e-mailed like every request, its photos
 *                made as staff photos are; staff -> trade-ins: staff value them on their pages;
 *                staff -> bookings, mail, catalogue, catalogue-upkeep, photos, rentals (a rental's paperwork): the staff pages answer every kind of
 *                booking with the engine's statements and send its e-mails, and keep the catalogue
 *                and its photos with the statements the commands send; alerts -> bookings, catalogue, mail,
 *                rentals: an alert watches the catalogue or a rental class's calendar and is e-mailed)
 *   shell   header, footer, navigation, not-found: leaves only
 *   routes, root.tsx, entry.server.tsx, worker/   the top: they wire everything
 *
 * The folders of scripts/, one per audience:
 *   shared       running a program from the project's root: imports no other scripts folder
 *   staff        the staff's commands (npm run catalogue, bookings, contact, alerts) and what only they use
 *   local-site   `npm start` and its database setup and seed catalogue: may use staff's database statements
 *   town-points  the check of the boroughs' map points
 *   vite-plugins the build's own Vite plugins
 *   test-runner  `npm test`, the browser tests' database, Lighthouse, benchmarks: may use any folder
 * No folder but test-runner imports test-runner, and nothing under scripts/ is imported by src/.
 */
const below = (...floors) => `^src/(?!(?:${floors.join("|")})/)[^/]+/`;

/** The only feature-to-feature imports, each one way: feature -> the features it may use. */
const featureUses = {
  contact: ["catalogue", "mail", "photos"],
  mail: ["catalogue"],
  home: ["catalogue", "photos"],
  showroom: ["catalogue", "photos"],
  about: ["catalogue", "photos"],
  catalogue: ["financing", "photos"],
  "catalogue-upkeep": ["catalogue", "photos"],
  bookings: ["mail"],
  payments: ["bookings", "mail"],
  rentals: ["bookings", "mail", "payments", "policies", "road-use"],
  services: ["bookings", "mail"],
  storage: ["bookings", "mail", "policies"],
  reservations: ["bookings", "catalogue", "payments"],
  "test-drives": ["bookings", "catalogue"],
  staff: ["bookings", "catalogue", "catalogue-upkeep", "mail", "payments", "photos", "rentals", "trade-ins"],
  "trade-ins": ["mail", "photos"],
  alerts: ["bookings", "catalogue", "mail", "rentals"],
};

/** One rule per feature that uses another, and one keeping every other feature apart. */
function featureRules() {
  const users = Object.keys(featureUses);
  return [
    {
      name: "features-stay-apart",
      severity: "error",
      comment: `Only ${users.join(", ")} may use another feature, each in one direction.`,
      from: { path: "^src/features/([^/]+)/", pathNot: `^src/features/(${users.join("|")})/` },
      to: { path: "^src/features/", pathNot: "^src/features/$1/" },
    },
    ...Object.entries(featureUses).map(([feature, uses]) => ({
      name: `${feature}-uses-${uses.join("-")}-only`,
      severity: "error",
      from: { path: `^src/features/${feature}/` },
      to: { path: "^src/features/", pathNot: `^src/features/(${[feature, ...uses].join("|")})/` },
    })),
  ];
}

/** scripts/ folder -> the other scripts/ folders it may import. */
const scriptsUses = {
  shared: [],
  staff: ["shared"],
  "local-site": ["shared", "staff"],
  "town-points": [],
  "vite-plugins": [],
  "test-runner": ["shared", "staff", "local-site", "town-points", "vite-plugins"],
};

function scriptsRules() {
  const folders = Object.keys(scriptsUses);
  return [
    {
      name: "scripts-live-in-audience-folders",
      severity: "error",
      comment: `Every script lives in one of scripts/${folders.join(", scripts/")}: no loose files, no lib/.`,
      from: { path: "^scripts/", pathNot: `^scripts/(${folders.join("|")})/` },
      to: {},
    },
    ...Object.entries(scriptsUses).map(([folder, uses]) => ({
      name: `scripts-${folder}-uses-${uses.join("-") || "no-other-folder"}`,
      severity: "error",
      from: { path: `^scripts/${folder}/` },
      to: { path: "^scripts/", pathNot: `^scripts/(${[folder, ...uses].join("|")})/` },
    })),
  ];
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "Files that import each other cannot be understood or moved one at a time.",
      from: {},
      to: { circular: true },
    },
    {
      name: "config-is-the-ground",
      severity: "error",
      from: { path: "^src/config/" },
      to: { path: [below("config"), "^src/[^/]+\\.tsx?$", "^worker/", "^scripts/"] },
    },
    {
      name: "lib-uses-config-only",
      severity: "error",
      from: { path: "^src/lib/" },
      to: { path: [below("config", "lib"), "^src/[^/]+\\.tsx?$", "^worker/", "^scripts/"] },
    },
    {
      name: "ui-and-seo-use-leaves-only",
      severity: "error",
      from: { path: "^src/(ui|seo)/" },
      to: { path: [below("config", "lib", "ui", "seo"), "^src/[^/]+\\.tsx?$", "^worker/", "^scripts/"] },
    },
    {
      name: "db-stands-alone",
      severity: "error",
      from: { path: "^src/db/" },
      to: { path: [below("db"), "^src/[^/]+\\.tsx?$", "^worker/", "^scripts/"] },
    },
    {
      name: "server-has-no-feature-code",
      severity: "error",
      from: { path: "^src/server/" },
      to: { path: [below("config", "lib", "db", "server"), "^src/[^/]+\\.tsx?$", "^worker/", "^scripts/"] },
    },
    {
      name: "features-never-import-the-top",
      severity: "error",
      comment: "Routes, the shell, root and the Worker use features; never the other way round.",
      from: { path: "^src/features/" },
      to: { path: ["^src/(shell|routes)/", "^src/[^/]+\\.tsx?$", "^worker/", "^scripts/"] },
    },
    ...featureRules(),
    ...scriptsRules(),
    {
      name: "shell-uses-leaves-only",
      severity: "error",
      from: { path: "^src/shell/" },
      to: { path: ["^src/(features|routes)/", "^src/[^/]+\\.tsx?$", "^worker/", "^scripts/"] },
    },
    {
      name: "routes-are-not-imported",
      severity: "error",
      comment: "Route modules are leaves of the route tree; shared code lives below them.",
      from: { path: "^src/", pathNot: "^src/(routes\\.ts|routes/)" },
      to: { path: "^src/routes/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["\\.react-router/", "\\+types/"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js"] },
  },
};
