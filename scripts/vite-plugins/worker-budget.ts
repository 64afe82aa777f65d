/**
 * The Worker's script budget: the build prints the size of the script `wrangler deploy` uploads and
 * fails above 1 MiB gzip, with the packages that take most of it. The upload was about 2.6 MB (0.59
 * MB gzip), and the next issues add PDF and payment libraries (issue 55): Cloudflare refuses a
 * script over 3 MB gzip on the free plan and a larger script starts slower, so a library that needs
 * a lighter replacement should be found when it is added, not at the limit.
 */
import { gzipSync } from "node:zlib";
import type { Plugin, Rolldown } from "vite";

export const workerGzipBudgetBytes = 1024 * 1024;

/** The package a module belongs to ("nodemailer", "@hono/zod-validator"), or the site's own code. */
function packageOf(moduleId: string): string {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(moduleId.replaceAll("\\", "/"));
  if (match) return match[1]!;
  // React Router's route manifest and server build, and the bundler's runtime: generated, not written.
  if (/^(\0|virtual:|rolldown\/)/.test(moduleId)) return "(generated)";
  return "(the site's own code)";
}

export interface WorkerSize {
  bytes: number;
  /** Gzip of the modules one after another, as `wrangler deploy` reports its "Total Upload". */
  gzipBytes: number;
  /** Rendered (minified, uncompressed) bytes per package, largest first. */
  packages: [string, number][];
}

export function measureWorker(chunks: readonly Rolldown.OutputChunk[]): WorkerSize {
  const contents = chunks.map((chunk) => Buffer.from(chunk.code));
  const packages = new Map<string, number>();
  for (const chunk of chunks) {
    for (const [id, info] of Object.entries(chunk.modules)) {
      packages.set(packageOf(id), (packages.get(packageOf(id)) ?? 0) + info.renderedLength);
    }
  }
  return {
    bytes: contents.reduce((sum, content) => sum + content.length, 0),
    gzipBytes: gzipSync(Buffer.concat(contents)).length,
    packages: [...packages].sort((a, b) => b[1] - a[1]),
  };
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;

export function describeWorker(size: WorkerSize): string {
  const share = (bytes: number) => `${((bytes / size.bytes) * 100).toFixed(0)}%`;
  const largest = size.packages
    .slice(0, 8)
    .map(([name, bytes]) => `${name} ${kib(bytes)} (${share(bytes)})`)
    .join(", ");
  return (
    `Worker script: ${kib(size.bytes)}, ${kib(size.gzipBytes)} gzip (budget ${kib(workerGzipBudgetBytes)} gzip).` +
    ` Largest parts, minified: ${largest}`
  );
}

export function workerBudget(): Plugin {
  return {
    name: "worker-budget",
    applyToEnvironment: (environment) => environment.name === "ssr",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (item): item is Rolldown.OutputChunk => item.type === "chunk" && /\.m?js$/.test(item.fileName),
      );
      const size = measureWorker(chunks);
      this.environment.logger.info(describeWorker(size));
      if (size.gzipBytes > workerGzipBudgetBytes) {
        this.error(
          `The Worker's script is ${kib(size.gzipBytes)} gzip, over its ${kib(workerGzipBudgetBytes)} budget` +
            " (scripts/vite-plugins/worker-budget.ts): find a lighter library or load the heavy one in fewer paths.",
        );
      }
    },
  };
}
