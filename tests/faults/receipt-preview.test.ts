import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase, type OpenedDatabase } from "../../db/index.ts";
import { createUser, type ApiClient } from "../helpers/server.ts";
import { issueTestReceipt, RECEIPT_ISSUER_PERMISSIONS } from "../helpers/receipt.ts";
import {
  adminClient,
  createFaultDatabase,
  ensureBuild,
  FAULTS_ENABLED,
  startPortal,
  tryFetch,
  type FaultDatabase,
  type Portal,
} from "./portal.ts";

// The receipt's print preview, asked over HTTP by a user who may not see the receipt: the same 403
// page in the staff shell as the receipt's own page, never a 500 (tests/api/receipt-preview.test.ts
// runs the loaders in process on both databases).

describe.skipIf(!FAULTS_ENABLED)("the receipt preview refused", () => {
  let database: FaultDatabase;
  let portal: Portal;
  let opened: OpenedDatabase;
  let collectionId: number;

  beforeAll(async () => {
    ensureBuild();
    database = await createFaultDatabase();
    portal = await startPortal({ env: { DATABASE_URL: database.url } });
    opened = await openDatabase({ databaseUrl: database.url, poolSize: 2 });
    const admin = await adminClient(portal);
    const treasurer = await createUser(opened.db, { username: "preview-treasurer", permissions: RECEIPT_ISSUER_PERMISSIONS });
    const client = portal.client();
    expect((await client.login(treasurer.username, treasurer.password)).status).toBe(200);
    collectionId = await issueTestReceipt(
      admin,
      { client, id: treasurer.id },
      { name: "Preview", seriesStart: "8200001", seriesEnd: "8200010" },
    );
  }, 120_000);

  afterAll(async () => {
    await opened?.close();
    await portal?.stop();
    await database?.drop();
  });

  const page = (client: ApiClient, path: string) =>
    tryFetch(portal.url + path, { headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("; ") } });

  /** What the page shows: its status, whether the staff shell is around it, and the error page's text. */
  const shown = (res: { status: number; text: string }) => ({
    status: res.status,
    inShell: res.text.includes("Skip to content") && res.text.includes('id="main-content"'),
    errorPage: /data-testid="error-page" data-status="(\d+)"/.exec(res.text)?.[1] ?? null,
    detail: /data-testid="error-detail">([^<]*)</.exec(res.text)?.[1] ?? null,
  });

  test.each([
    ["a Viewer", "preview-viewer", ["Viewer"]],
    ["a user with no role", "preview-nobody", []],
  ])("%s gets the receipt's own 403 page, in the shell", async (_who, username, roles) => {
    const user = await createUser(opened.db, { username, roles });
    const client = portal.client();
    expect((await client.login(user.username, user.password)).status).toBe(200);
    const receipt = shown(await page(client, `/manage/collections/${collectionId}`));
    expect(receipt).toMatchObject({ status: 403, inShell: true, errorPage: "403" });
    for (const query of ["", "?mode=overlay", "?copy=duplicate&print=now"]) {
      expect(shown(await page(client, `/manage/collections/${collectionId}/transactions/preview${query}`)), query).toEqual(receipt);
    }
  });

  test("an unknown receipt's preview is the receipt's 404 page, in the shell", async () => {
    const admin = await adminClient(portal);
    const receipt = shown(await page(admin, "/manage/collections/999999"));
    expect(receipt).toMatchObject({ status: 404, inShell: true, errorPage: "404" });
    expect(shown(await page(admin, "/manage/collections/999999/transactions/preview"))).toEqual(receipt);
  });

  test("the collector's own preview still opens", async () => {
    const admin = await adminClient(portal);
    const res = await page(admin, `/manage/collections/${collectionId}/transactions/preview`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('data-testid="receipt"');
  });
});
