import type { Config } from "@react-router/dev/config";
import { prerenderedPaths } from "./src/config/pages.ts";

export default {
  appDirectory: "src",
  // Lets parallel checkouts of the test suite build side by side.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  ssr: true,
  // Pages whose content changes only with a release are built once and served as static files.
  prerender: [...prerenderedPaths],
} satisfies Config;
