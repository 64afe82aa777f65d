/**
 * `npm start`: prepares the local database, builds the site and serves the production build in
 * local workerd on http://localhost:8787 (PORT overrides). Queue and e-mail run in local emulation.
 */
import { run, start } from "./lib/run";

const port = process.env.PORT ?? "8787";

run("tsx", ["scripts/db-setup.ts"]);
run("react-router", ["build"]);
console.log(`\nServing the production build on http://localhost:${port}\n`);
const server = start("vite", ["preview", "--port", port, "--strictPort"]);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
