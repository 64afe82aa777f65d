import { createServer, request as forward, type IncomingHttpHeaders, type Server } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const compressible = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/;
type Encoding = "br" | "gzip";

/**
 * Immutable build files are compressed once, at the highest level, and kept; pages change per
 * answer and are compressed as they pass at a fast level. Compressing the big script files on every
 * request would cost about a quarter of a second of CPU each, on the cores the measured browser needs.
 */
function compress(body: Buffer, encoding: Encoding, immutable: boolean): Promise<Buffer> {
  if (encoding === "gzip") return promisify(gzip)(body, { level: immutable ? 9 : 6 });
  return promisify(brotliCompress)(body, { params: { [constants.BROTLI_PARAM_QUALITY]: immutable ? 11 : 5 } });
}

function chooseEncoding(accepts: string): Encoding | null {
  if (accepts.includes("br")) return "br";
  if (accepts.includes("gzip")) return "gzip";
  return null;
}

function readBody(stream: NodeJS.ReadableStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => resolve(Buffer.concat(chunks)));
    stream.on("error", reject);
  });
}

interface HeldAnswer {
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A loopback proxy that compresses like Cloudflare's edge does (brotli or gzip by Accept-Encoding),
 * because local workerd serves files uncompressed and page-speed tools would otherwise measure
 * bytes no visitor downloads.
 */
export function startEdgeProxy(listenPort: number, upstreamPort: number): Promise<Server> {
  const heldImmutable = new Map<string, HeldAnswer>();

  const server = createServer((incoming, outgoing) => {
    const encoding = chooseEncoding(String(incoming.headers["accept-encoding"] ?? ""));
    const heldKey = `${encoding}:${incoming.url}`;
    const held = incoming.method === "GET" ? heldImmutable.get(heldKey) : undefined;
    if (held) {
      outgoing.writeHead(200, held.headers);
      outgoing.end(held.body);
      return;
    }
    const upstream = forward(
      {
        host: "127.0.0.1",
        port: upstreamPort,
        path: incoming.url,
        method: incoming.method,
        headers: { ...incoming.headers, "accept-encoding": "identity" },
      },
      (response) => {
        const status = response.statusCode ?? 502;
        const type = String(response.headers["content-type"] ?? "");
        if (!encoding || !compressible.test(type) || status === 204 || status === 304) {
          outgoing.writeHead(status, response.headers);
          response.pipe(outgoing);
          return;
        }
        const immutable = status === 200 && String(response.headers["cache-control"] ?? "").includes("immutable");
        const headers: IncomingHttpHeaders = {
          ...response.headers,
          "content-encoding": encoding,
          vary: "Accept-Encoding",
        };
        delete headers["content-length"];
        readBody(response)
          .then((body) => compress(body, encoding, immutable))
          .then((body) => {
            if (immutable && incoming.method === "GET") heldImmutable.set(heldKey, { headers, body });
            outgoing.writeHead(status, headers);
            outgoing.end(body);
          })
          .catch(() => {
            outgoing.writeHead(502);
            outgoing.end();
          });
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
