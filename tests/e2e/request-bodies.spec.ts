import { requestLimits } from "../../src/config/request-limits";
import http from "node:http";
import { expect, test } from "@playwright/test";
import { baseURL } from "../../playwright.config";

/**
 * Oversized bodies, ten in a row on one reused keep-alive connection, as a client library or a
 * proxy sends them: every answer is the Worker's own 4xx with a JSON error, never a 5xx or a
 * broken connection.
 */

const endpoints = [
  { path: "/api/contact", type: "application/json" },
  { path: "/contact", type: "application/x-www-form-urlencoded" },
  { path: "/consent", type: "application/x-www-form-urlencoded" },
];
const sizes = [20_000, 1_000_000, 5_000_000];
const { hostname, port, origin } = new URL(baseURL);

interface Answer {
  status: number;
  body: string;
  socket: unknown;
}

function post(agent: http.Agent, path: string, type: string, body: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: hostname,
        port,
        path,
        method: "POST",
        agent,
        headers: { "Content-Type": type, "Content-Length": body.length, Origin: origin },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text, socket: request.socket }));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

test("oversized bodies get a 4xx from the Worker every time, on one reused connection @desktop", async () => {
  test.setTimeout(180_000);
  const seen: string[] = [];
  for (const { path, type } of endpoints) {
    for (const size of sizes) {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const body = Buffer.alloc(size, "a");
      const sockets = new Set<unknown>();
      for (let attempt = 1; attempt <= 10; attempt++) {
        const answer = await post(agent, path, type, body);
        const label = `${path} ${size} bytes #${attempt}`;
        expect(answer.status, `${label}: ${answer.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(answer.status, `${label}: ${answer.body.slice(0, 200)}`).toBeLessThan(500);
        expect(answer.body, label).not.toMatch(/node_modules|at \w+ \(|TypeError/);
        if (size > requestLimits.anyBody) {
          expect(answer.status, label).toBe(413);
          expect(JSON.parse(answer.body).error, label).toMatch(/too large/);
        }
        sockets.add(answer.socket);
      }
      agent.destroy();
      seen.push(`${path} ${size}: 10 × 4xx over ${sockets.size} connection(s)`);
    }
  }
  console.log(seen.join("\n"));
});
