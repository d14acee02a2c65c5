import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resourceAction, resourceLoader } from "../../server/http/pages/resource-page.server.ts";
import { insertResidents } from "../helpers/people.ts";
import { signedIn, startTestServer, type TestServer } from "../helpers/server.ts";
import { pageContext } from "../helpers/page-context.ts";

// A voucher's payee is picked by name, never typed as a record number (issue 26 item 7): the form
// gets the organizations', non-residents' and businesses' lists to choose from (the residents are
// searched), and without JavaScript its "Find" step searches the kind of payee chosen.

let server: TestServer;
let organizationId: number;

const contextFor = () => pageContext(server.db, 1, "record-picker-test");

async function find(kind: string, text: string) {
  const form = new URLSearchParams({ intent: "create", payee_kind: kind, _find: "payee_id", payee_id__find: text });
  const url = new URL("http://portal.test/manage/disbursements?modal=create");
  const request = new Request(url, { method: "POST", body: form, headers: { "content-type": "application/x-www-form-urlencoded" } });
  const result = (await resourceAction({ request, context: await contextFor(), url })) as {
    data: { picker: { matches: { fullname: string }[] } };
  };
  return result.data.picker.matches.map((m) => m.fullname);
}

beforeAll(async () => {
  server = await startTestServer();
  const admin = await signedIn(server, server.admin);
  const org = await admin.post("/backend/api/organization", { user_profile: { firstname: "Samahan ng Kababaihan", lastname: "" } });
  expect(org.status, org.text).toBe(201);
  organizationId = org.body.data.id;
  await insertResidents(server.db, [{ firstname: "Liza", lastname: "Soberano" }]);
});
afterAll(async () => {
  await server?.close();
});

describe("a voucher's payee", () => {
  it("is chosen from the list of its kind, the residents being searched instead", async () => {
    const url = new URL("http://portal.test/manage/disbursements?modal=create");
    const result = await resourceLoader({ request: new Request(url), context: await contextFor(), url });
    const options = (result.data as unknown as { options: Record<string, { value: string; label: string }[]> }).options;
    expect(options["payee_id:organization"].map((o) => o.value)).toContain(String(organizationId));
    expect(options["payee_id:resident"]).toBeUndefined();
  });

  it("without JavaScript is found by name among the kind chosen", async () => {
    expect(await find("Organization", "kababaihan")).toEqual(["Samahan ng Kababaihan"]);
    expect(await find("Resident", "soberano")).toEqual([expect.stringContaining("Liza Soberano")]);
    expect(await find("Business", "kababaihan")).toEqual([]);
  });
});
