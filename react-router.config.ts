import type { Config } from "@react-router/dev/config";
import { policyLinks, policyPath } from "./src/features/policies/policy-list.ts";
import { towns, townPath } from "./src/features/towns/towns.ts";

export default {
  appDirectory: "src",
  // Lets parallel checkouts of the test suite build side by side.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  ssr: true,
  // Pages whose content changes only with a release are built once and served as static files.
  prerender: ["/privacy", "/terms", ...policyLinks.map(policyPath), ...towns.map(townPath)],
} satisfies Config;
