import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { fromDatabaseError } from "../../server/errors.ts";
import { loadAuthUser } from "../../server/auth/sessions.ts";
import { requestContext } from "../../server/http/pages/context.ts";
import { resourceAction } from "../../server/http/pages/resource-page.server.ts";
import { signedIn, startTestServer, type ApiClient, type ApiResponse, type TestServer } from "../helpers/server.ts";

// Issue 9 item 6 "Errors": a unique-key race (Postgres 23505) is a 422 on the field on every
// transport, a NUL byte in any input is a 422 with a field message, and a malformed
// percent-encoded id is a 404 — never a 500.

let server: TestServer;
let admin: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server, server.admin);
});
afterAll(async () => {
  await server?.close();
});

function tally(responses: ApiResponse[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const r of responses) out[r.status] = (out[r.status] ?? 0) + 1;
  return out;
}

const staffUser = (username: string) => ({
  username,
  password: "Sample-Passw0rd!",
  user_profile: { firstname: "Race", lastname: "Tester" },
  roles: [],
});

describe("a unique-key race (23505)", () => {
  it("50 parallel REST creates of one username: one 201, 49 × 422 on username, no 5xx", async () => {
    const responses = await Promise.all(Array.from({ length: 50 }, () => admin.post("/backend/api/user", staffUser("race.user"))));
    expect(tally(responses)).toEqual({ 201: 1, 422: 49 });
    for (const r of responses.filter((x) => x.status === 422)) {
      expect(r.body).toEqual({
        message: "The username has already been taken.",
        errors: { username: ["The username has already been taken."] },
      });
    }
    const rows = await server.db.selectFrom("users").select("id").where("username", "=", "race.user").execute();
    expect(rows).toHaveLength(1);
  });

  it("50 parallel REST creates of one parameter name: one 201, 49 × 422 on name, no 5xx", async () => {
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => admin.post("/backend/api/religion", { name: i % 2 ? "Race Faith" : "race faith" })),
    );
    expect(tally(responses)).toEqual({ 201: 1, 422: 49 });
    for (const r of responses.filter((x) => x.status === 422))
      expect(r.body.errors).toEqual({ name: ["The name has already been taken."] });
  });

  it("parallel tRPC creates answer the same field error", async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => admin.post("/trpc/resource.create", { resource: "occupation", data: { name: "Race Fisher" } })),
    );
    expect(tally(responses)).toEqual({ 200: 1, 422: 19 });
    for (const r of responses.filter((x) => x.status === 422)) {
      expect(r.body.error.message).toBe("The name has already been taken.");
      expect(r.body.error.data).toMatchObject({ httpStatus: 422, errors: { name: ["The name has already been taken."] } });
    }
  });

  it("parallel page-action creates answer the form error on the field", async () => {
    const { id } = await server.db.selectFrom("users").select("id").where("username", "=", server.admin.username).executeTakeFirstOrThrow();
    const user = await loadAuthUser(server.db, id);
    const post = async () => {
      const request = new Request("http://portal.test/system/parameters/puroks", {
        method: "POST",
        body: new URLSearchParams({ intent: "create", name: "Purok Race", _csrf: "t" }),
      });
      const context = new RouterContextProvider();
      context.set(requestContext, {
        db: server.db,
        user,
        sessionId: null,
        csrfToken: "t",
        ip: null,
        requestId: "r",
        userAgent: null,
        secureCookies: false,
      });
      try {
        return await resourceAction({ request, context });
      } catch (error) {
        return { thrown: error };
      }
    };
    const results = await Promise.all(Array.from({ length: 20 }, post));
    const statusOf = (r: unknown) =>
      r instanceof Response
        ? r.status
        : ((r as { init?: { status?: number } }).init?.status ?? ((r as { thrown?: unknown }).thrown ? 500 : 200));
    const statuses: Record<number, number> = {};
    for (const r of results) statuses[statusOf(r)] = (statuses[statusOf(r)] ?? 0) + 1;
    expect(statuses).toEqual({ 302: 1, 422: 19 });
    for (const r of results.filter((x) => statusOf(x) === 422)) {
      const reply = (r as { data: { result: { error: Record<string, string[]> } } }).data.result;
      expect(reply.error).toEqual({ name: ["The name has already been taken."] });
    }
  });

  it("maps a driver error by its detail or constraint name", () => {
    const lower = fromDatabaseError({
      code: "23505",
      constraint: "religions_name_unique",
      detail: "Key (lower(name::text))=(x) already exists.",
    });
    expect(lower?.status).toBe(422);
    expect(lower?.errors).toEqual({ name: ["The name has already been taken."] });
    expect(
      fromDatabaseError({ code: "23505", constraint: "users_username_key", detail: "Key (username)=(a) already exists." })?.errors,
    ).toEqual({
      username: ["The username has already been taken."],
    });
    expect(fromDatabaseError({ code: "23505", constraint: "bank_accounts_account_number_unique" })?.errors).toEqual({
      account_number: ["The account number has already been taken."],
    });
    expect(fromDatabaseError({ code: "23505", constraint: "users_email_key" })?.errors).toEqual({
      email: ["The email has already been taken."],
    });
    expect(fromDatabaseError({ code: "23503" })).toBeNull();
    expect(fromDatabaseError(new Error("x"))).toBeNull();
  });
});

describe("a NUL byte in any input", () => {
  it("in a JSON body string is a 422 on the field (REST)", async () => {
    const res = await admin.post("/backend/api/religion", { name: "Bad\u0000Name" });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ name: ["The name must not contain NUL characters."] });
  });

  it("in a nested JSON field is a 422 on its dotted path", async () => {
    const res = await admin.post("/backend/api/user", { ...staffUser("nul.user"), user_profile: { firstname: "A\u0000", lastname: "B" } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ "user_profile.firstname": ["The firstname must not contain NUL characters."] });
  });

  it("in a query string is a 422 on the parameter (REST)", async () => {
    const res = await admin.get("/backend/api/religion?search=a%00b");
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ search: ["The search must not contain NUL characters."] });
  });

  it("in a login is a 422, not a 500", async () => {
    const res = await server.client().login("ad\u0000min", "x");
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty("username");
  });

  it("in a tRPC mutation or query input is a 422 with the field", async () => {
    const mutation = await admin.post("/trpc/resource.create", { resource: "religion", data: { name: "x\u0000" } });
    expect(mutation.status).toBe(422);
    expect(mutation.body.error.data).toMatchObject({
      httpStatus: 422,
      errors: { "data.name": ["The name must not contain NUL characters."] },
    });
    const input = encodeURIComponent(JSON.stringify({ resource: "religion", query: { search: "\u0000" } }));
    const query = await admin.get(`/trpc/resource.list?input=${input}`);
    expect(query.status).toBe(422);
    expect(query.body.error.data.errors).toEqual({ "query.search": ["The search must not contain NUL characters."] });
  });
});

describe("a malformed percent-encoded id", () => {
  it("is a 404 on REST reads, updates and deletes", async () => {
    for (const [method, path] of [
      ["GET", "/backend/api/bank/%E0%A4%A"],
      ["PUT", "/backend/api/bank/%E0%A4%A"],
      ["DELETE", "/backend/api/bank/%E0%A4%A"],
      ["GET", "/backend/api/admin/role/%E0%A4%A"],
      ["GET", "/backend/api/%E0%A4%A"],
    ] as const) {
      const res = await admin.request(method, path, method === "PUT" ? { body: {} } : {});
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toHaveProperty("message");
    }
  });
});
