import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";
import { islands } from "./scripts/vite-plugins/islands.ts";
import { localSpreadsheetKey, localStaffIdentity, localWebhookSecret } from "./scripts/local-site/local-staff.ts";
import { vehicleRasters } from "./scripts/vite-plugins/vehicle-rasters.ts";
import { streamRendererOnly } from "./scripts/vite-plugins/stream-renderer-only.ts";
import { workerBudget } from "./scripts/vite-plugins/worker-budget.ts";
import { redirectsFile } from "./src/config/pages.ts";
import { staticAssetHeadersFile } from "./src/server/security-headers.ts";

/**
 * Writes the asset layer's `_headers` from the same policy the Worker applies, and `_redirects`
 * from the same list of aliases the router answers.
 */
function assetLayerRules(): Plugin {
  return {
    name: "asset-layer-rules",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle() {
      this.emitFile({ type: "asset", fileName: "_headers", source: staticAssetHeadersFile() });
      this.emitFile({ type: "asset", fileName: "_redirects", source: redirectsFile() });
    },
  };
}

export default defineConfig(({ command, isPreview }) => {
  // `npm run dev` only: the local staff identity and a spreadsheet signing key join the Worker's
  // variables in the development server alone. A build (whose wrangler.json is what `wrangler
  // deploy` uploads) never gets them, and `npm start`'s preview gets them from scripts/local-site/start.ts.
  const developing = command === "serve" && !isPreview;
  const devStaffIdentity = developing ? localStaffIdentity() : null;
  const devVars = developing
    ? {
        ...(devStaffIdentity ? { STAFF_LOCAL_IDENTITY: devStaffIdentity } : {}),
        SPREADSHEET_SIGNING_KEY: localSpreadsheetKey(),
        // The local stand-in for Stripe (src/features/payments/stand-in), as under `npm start`.
        PAYMENT_STAND_IN_SECRET: localWebhookSecret(),
      }
    : null;
  return {
    resolve: { tsconfigPaths: true },
    // BUILD_DIR may sit outside the project, where Vite would otherwise keep stale pre-rendered pages.
    build: { emptyOutDir: true },
    plugins: [
      cloudflare({
        viteEnvironment: { name: "ssr" },
        // Tests run against their own database so they never touch the one `npm start` uses.
        persistState: process.env.WRANGLER_STATE_DIR ? { path: process.env.WRANGLER_STATE_DIR } : true,
        ...(devVars ? { config: { vars: devVars } } : {}),
      }),
      reactRouter(),
      assetLayerRules(),
      // The small scripts of the three pages that need one (src/features/*/*.island.ts).
      islands(),
      // PNG social cards and rasters of the vehicle drawings, for og:image and the product feed.
      vehicleRasters(),
      // The Worker's renderer without React's legacy one, which nothing calls.
      streamRendererOnly(),
      // Prints the uploaded Worker script's size and fails the build above 1 MiB gzip.
      workerBudget(),
    ],
  };
});
