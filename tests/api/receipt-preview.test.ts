import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, signedIn, startTestServer, type TestServer } from "../helpers/server.ts";
import { pageContext } from "../helpers/page-context.ts";
import { issueTestReceipt, RECEIPT_ISSUER_PERMISSIONS } from "../helpers/receipt.ts";

// The receipt's print preview (/manage/collections/{id}/transactions/preview) refuses a user who
// may not see the receipt exactly as the receipt's own page does: a 403 error page (in the shell,
// through the route's ErrorBoundary) with the service's message, never a 500. The loaders run in
// process with the request context the HTTP layer builds (tests/faults/receipt-preview.test.ts
// asks the pages over HTTP).

let server: TestServer;
let collectionId: number;
let treasurerId: number;

type Loader = (args: { request: Request; context: RouterContextProvider; params: Record<string, string>; url?: URL }) => Promise<unknown>;

async function runLoader(file: string, path: string, userId: number): Promise<{ status: number; message?: unknown }> {
  const mod = (await import(file)) as { loader: Loader };
  const url = new URL(`http://portal.test${path}`);
  const context = await pageContext(server.db, userId, "receipt-preview-test");
  try {
    await mod.loader({ request: new Request(url), context, params: { collection_id: String(collectionId) }, url });
    return { status: 200 };
  } catch (thrown) {
    // A page's refusal is React Router's `data(message, { status })`; anything else is a 500.
    const init = (thrown as { init?: ResponseInit | null }).init;
    if (init?.status) return { status: init.status, message: (thrown as { data?: unknown }).data };
    return { status: 500, message: thrown instanceof Error ? thrown.message : String(thrown) };
  }
}

const preview = () => `/manage/collections/${collectionId}/transactions/preview`;
const detail = () => `/manage/collections/${collectionId}`;

beforeAll(async () => {
  server = await startTestServer();
  const admin = await signedIn(server, server.admin);
  const treasurer = await createUser(server.db, { username: "preview-treasurer", permissions: RECEIPT_ISSUER_PERMISSIONS });
  treasurerId = treasurer.id;
  const client = await signedIn(server, treasurer);
  collectionId = await issueTestReceipt(
    admin,
    { client, id: treasurer.id },
    { name: "Preview", seriesStart: "8100001", seriesEnd: "8100010" },
  );
});

afterAll(async () => {
  await server?.close();
});

describe("the receipt preview refuses like the receipt", () => {
  it.each([
    ["a Viewer", ["Viewer"]],
    ["a user with no role", []],
  ])("%s gets the receipt page's 403, not a 500", async (_who, roles) => {
    const user = await createUser(server.db, { username: `preview-${roles.length ? "viewer" : "nobody"}`, roles });
    const receiptPage = await runLoader("../../app/routes/collections.detail.tsx", detail(), user.id);
    expect(receiptPage.status).toBe(403);
    const previewPage = await runLoader("../../app/routes/collections.preview.tsx", preview(), user.id);
    expect(previewPage).toEqual(receiptPage);
  });

  it("nothing is logged as printed for a refused preview; the collector's own preview still opens and is logged", async () => {
    const printed = () =>
      server.db.selectFrom("access_log").select("id").where("entity", "=", "collection").where("action", "=", "print").execute();
    const before = (await printed()).length;
    const nobody = await createUser(server.db, { username: "preview-refused" });
    expect((await runLoader("../../app/routes/collections.preview.tsx", preview(), nobody.id)).status).toBe(403);
    expect((await printed()).length).toBe(before);
    expect((await runLoader("../../app/routes/collections.preview.tsx", `${preview()}?mode=overlay`, treasurerId)).status).toBe(200);
    expect((await printed()).length).toBe(before + 1);
  });

  it("an unknown receipt is the receipt page's 404", async () => {
    const saved = collectionId;
    collectionId = 999_999;
    try {
      const receiptPage = await runLoader("../../app/routes/collections.detail.tsx", detail(), treasurerId);
      expect(receiptPage.status).toBe(404);
      expect(await runLoader("../../app/routes/collections.preview.tsx", preview(), treasurerId)).toEqual(receiptPage);
    } finally {
      collectionId = saved;
    }
  });
});
