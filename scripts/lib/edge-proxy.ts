import { createServer, request as forward, type Server } from "node:http";
import { createBrotliCompress, createGzip } from "node:zlib";

const compressible = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/;

/**
 * A loopback proxy that compresses like Cloudflare's edge does (brotli or gzip by Accept-Encoding),
 * because local workerd serves files uncompressed and page-speed tools would otherwise measure
 * bytes no visitor downloads.
 */
export function startEdgeProxy(listenPort: number, upstreamPort: number): Promise<Server> {
  const server = createServer((incoming, outgoing) => {
    const upstream = forward(
      {
        host: "127.0.0.1",
        port: upstreamPort,
        path: incoming.url,
        method: incoming.method,
        headers: { ...incoming.headers, "accept-encoding": "identity" },
      },
      (response) => {
        const type = String(response.headers["content-type"] ?? "");
        const accepts = String(incoming.headers["accept-encoding"] ?? "");
        const encoding =
          compressible.test(type) && response.statusCode !== 304
            ? accepts.includes("br")
              ? "br"
              : accepts.includes("gzip")
                ? "gzip"
                : null
            : null;
        const headers = { ...response.headers };
        if (encoding) {
          delete headers["content-length"];
          headers["content-encoding"] = encoding;
          headers["vary"] = "Accept-Encoding";
        }
        outgoing.writeHead(response.statusCode ?? 502, headers);
        if (!encoding) {
          response.pipe(outgoing);
          return;
        }
        response.pipe(encoding === "br" ? createBrotliCompress() : createGzip()).pipe(outgoing);
      },
    );
    upstream.on("error", () => {
      outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(listenPort, "127.0.0.1", () => resolve(server)));
}
