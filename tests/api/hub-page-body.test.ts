import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { currentScope, inBarangay } from "../../db/tenant.ts";
import { pageBodyGuard } from "../../server/http/pages.ts";

// Found by the hub e2e (issue 29): a page's body is read by pageBodyGuard after the tenancy
// middleware has set the request's barangay (AsyncLocalStorage). Its last chunk arrives in the
// socket's async context; the page must still run in the request's barangay, or on a hub (whose
// default is no barangay) every page action saw nothing ("The selected purok is invalid.").

let server: http.Server;
let port: number;

beforeAll(async () => {
  const app = express();
  app.use((req, _res, next) => {
    req.cookies = { "XSRF-TOKEN": "token" };
    next();
  });
  // What server/http/tenancy.ts does for a signed-in user of barangay 7.
  app.use((_req, _res, next) => inBarangay(7, next));
  app.use(pageBodyGuard({ form: 1024 * 1024, upload: 1024 * 1024 }));
  app.use((req, res) => {
    res.json({ scope: currentScope(), body: req.pageBody?.toString("utf8") ?? null });
  });
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function post(body: string, delayMs: number): Promise<{ scope: unknown; body: string | null }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        port,
        host: "127.0.0.1",
        method: "POST",
        path: "/manage/residents",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(body),
          "x-xsrf-token": "token",
        },
      },
      (res) => {
        let text = "";
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve(JSON.parse(text)));
      },
    );
    req.on("error", reject);
    req.flushHeaders();
    setTimeout(() => req.end(body), delayMs);
  });
}

describe("a page's body read after the tenancy middleware", () => {
  it.each([0, 50])("keeps the request's barangay when the body comes %i ms after the headers", async (delay) => {
    const answer = await post("intent=create&lastname=Santos", delay);
    expect(answer.body).toBe("intent=create&lastname=Santos");
    expect(answer.scope).toEqual({ kind: "barangay", barangayId: 7 });
  });
});
