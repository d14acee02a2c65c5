import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asOwner, FIRST_BARANGAY_ID, inBarangay, setDefaultScope } from "../../db/tenant.ts";
import type { SetupChecklist, SetupStepKey } from "../../domain/setup.ts";
import { seed } from "../../server/seed.ts";
import { dashboardSetup, setIdentity, setupChecklist, setupIdentity } from "../../server/features/setup/service.ts";
import { adminContext } from "../helpers/people.ts";
import { setBarangayImage } from "../../server/features/officials/service.ts";
import { createUser, signedIn, startTestServer, type ApiClient, type TestServer } from "../helpers/server.ts";

// Issue 33 item 3: the first-run checklist. A fresh install (no demo data) starts with every step
// not done; each step turns done when its records exist — and only this barangay's records: a
// second barangay in the same database (as a hub has) holds every kind of record from the start,
// and none of it counts here. The administrator's only: a clerk gets 403. The dashboard's card
// (dashboardSetup, what its loader calls) goes when every step is done.

let server: TestServer;
let admin: ApiClient;
const SECOND = 2;
const MILAGROSA = "0403405057"; // Brgy. Milagrosa, City of Calamba, Laguna — the second barangay's
const SAN_ISIDRO_QUERY = "san isidro santa maria romblon"; // 1705917006, a municipality's barangay

async function checklist(): Promise<SetupChecklist> {
  const res = await admin.get("/backend/api/setup");
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

async function doneSteps(): Promise<SetupStepKey[]> {
  return (await checklist()).steps.filter((s) => s.done).map((s) => s.key);
}

/** Every kind of record the checklist counts, written in the current barangay. */
async function fillEverything(db: TestServer["db"], tag: string) {
  await db
    .insertInto("puroks")
    .values({ name: `Purok ${tag}` })
    .execute();
  await db
    .insertInto("officials")
    .values({ position: "Punong Barangay", name: `Kapitan ${tag}`, term_start: "2020-01-01" })
    .execute();
  await db
    .insertInto("transaction_types")
    .values({
      name: `Clearance ${tag}`,
      custom_payment_form: JSON.stringify([{ fieldId: "fee", label: "Fee", isPending: false, amount: "50.00" }]),
      validity_days: null,
      eligibility: null,
    } as never)
    .execute();
  await addReceiptPad(db, tag);
  await addChequeBook(db, tag);
  await db
    .insertInto("barangay_images")
    .values({ kind: "seal", content: Buffer.from("x"), mime: "image/webp", width: 1, height: 1 })
    .execute();
}

beforeAll(async () => {
  server = await startTestServer();
  // The second barangay: set up in full, before the first has anything.
  await asOwner(() =>
    server.db
      .insertInto("barangays")
      .values({ id: SECOND, name: "Milagrosa", psgc_code: MILAGROSA, city_psgc_code: "0403405000", city_municipality: "City of Calamba" })
      .execute(),
  );
  await inBarangay(SECOND, async () => {
    await seed(server.db, { adminUsername: "dos-admin", adminPassword: "Dos-Admin-Passw0rd!", demo: false });
    await fillEverything(server.db, "Dos");
    await createUser(server.db, { username: "dos-clerk", roles: ["Secretary"] });
    await server.db
      .insertInto("settings")
      .values({
        key: "barangay",
        value: JSON.stringify({ name: "Barangay Milagrosa", municipality: "", province: "", region: "", address: "Hall" }),
      })
      .execute();
  });
  admin = await signedIn(server, server.admin);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe("a fresh install", () => {
  it("starts with every step not done, the identity first — another barangay's records count for nothing", async () => {
    const list = await checklist();
    expect(list.steps.map((s) => s.key)).toEqual(["identity", "letterhead", "officials", "puroks", "fees", "forms", "users"]);
    expect(list.steps.map((s) => s.done)).toEqual([false, false, false, false, false, false, false]);
    expect(list).toMatchObject({ doneCount: 0, total: 7, complete: false, next: { key: "identity", number: 1 } });
    // The seed made the administrator, and nobody else: "first users" needs one more.
    expect(list.steps.find((s) => s.key === "users")!.parts[0].detail).toBe("only the administrator");
    // Each step names the screens that do it.
    expect(list.steps.find((s) => s.key === "puroks")!.links).toEqual([{ label: "Puroks", href: "/system/parameters/puroks" }]);
    // The second barangay, set up in full, sees its own checklist done.
    const second = await inBarangay(SECOND, () => setupChecklist(adminContext(server.db)));
    expect(second.complete).toBe(true);
  });

  it("is shown on the dashboard to the administrator", async () => {
    const card = await dashboardSetup(adminContext(server.db));
    expect(card?.next?.key).toBe("identity");
  });
});

describe("who may set up", () => {
  it("refuses a clerk (the Secretary) with 403, on every call, and the dashboard shows them no card", async () => {
    const clerk = await createUser(server.db, { username: "uno-clerk", roles: ["Secretary"] });
    const client = await signedIn(server, clerk);
    for (const res of [
      await client.get("/backend/api/setup"),
      await client.get("/backend/api/setup/identity"),
      await client.get("/backend/api/setup/psgc?q=milagrosa"),
      await client.post("/backend/api/setup/identity", { psgc_code: MILAGROSA }),
      await client.post("/backend/api/setup/address", { address: "Somewhere" }),
      await client.post("/backend/api/setup/marks/no_cheques"),
      await client.post("/backend/api/setup/language", { default_language: "fil" }),
    ])
      expect(res.status, res.text).toBe(403);
    const me = (await client.get("/backend/api/userme")).body.data;
    expect(await dashboardSetup({ db: server.db, user: me })).toBeNull();
    // The clerk's account is a staff account with a role: it counts as the first user (step 7).
    expect(await doneSteps()).toEqual(["users"]);
    await asOwner(() => server.db.updateTable("users").set({ deleted_at: new Date() }).where("id", "=", clerk.id).execute());
    expect(await doneSteps()).toEqual([]);
  });
});

describe("on a hub", () => {
  it("a barangay's administrator sees the code the hub's administrator gave and may not change it", async () => {
    setDefaultScope({ kind: "barangay", barangayId: null });
    try {
      const ctx = adminContext(server.db);
      const identity = await inBarangay(SECOND, () => setupIdentity(ctx));
      expect(identity).toMatchObject({ psgc_code: MILAGROSA, name: "Milagrosa", canPick: false });
      await expect(inBarangay(SECOND, () => setIdentity(ctx, { psgc_code: "0403405058" }))).rejects.toMatchObject({
        status: 422,
        errors: { psgc_code: ["On a hub, the barangay's PSGC code is set by the hub's administrator."] },
      });
    } finally {
      setDefaultScope({ kind: "barangay", barangayId: FIRST_BARANGAY_ID });
    }
    const row = await asOwner(() =>
      server.db.selectFrom("barangays").select("psgc_code").where("id", "=", SECOND).executeTakeFirstOrThrow(),
    );
    expect(row.psgc_code).toBe(MILAGROSA);
  });
});

describe("each step turns done when its records exist", () => {
  it("1. the identity: picked from the PSGC list; a code another barangay has, an unknown or malformed one is a 422", async () => {
    const found = await admin.get(`/backend/api/setup/psgc?q=${encodeURIComponent(SAN_ISIDRO_QUERY)}`);
    expect(found.status).toBe(200);
    const sanIsidro = found.body.data.find((b: { name: string; cityMunicipality: { name: string } }) => b.name === "San Isidro");
    expect(sanIsidro).toMatchObject({ code: "1705917006", taken: false, province: { name: "Romblon" } });
    // The second barangay's code is offered as taken, and refused.
    const taken = await admin.get("/backend/api/setup/psgc?q=milagrosa%20calamba");
    expect(taken.body.data.find((b: { code: string }) => b.code === MILAGROSA)?.taken).toBe(true);
    const used = await admin.post("/backend/api/setup/identity", { psgc_code: MILAGROSA });
    expect(used.status).toBe(422);
    expect(used.body.errors.psgc_code).toEqual(["Another barangay of this deployment has this PSGC code."]);
    for (const [psgc_code, message] of [
      ["", "The barangay field is required: find it in the PSGC list and pick it."],
      ["12345", "The PSGC code must be 10 digits."],
      ["0000000000", "The PSGC list has no barangay with this code."],
    ]) {
      const res = await admin.post("/backend/api/setup/identity", { psgc_code });
      expect(res.status).toBe(422);
      expect(res.body.errors.psgc_code).toEqual([message]);
    }
    expect(await doneSteps()).toEqual([]);

    const saved = await admin.post("/backend/api/setup/identity", { psgc_code: sanIsidro.code });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.message).toMatch(/^Successfully saved the barangay's identity: San Isidro, /);
    expect(await doneSteps()).toEqual(["identity"]);
    // The barangays row and the settings the prints read, audited.
    const row = await asOwner(() => server.db.selectFrom("barangays").selectAll().where("id", "=", 1).executeTakeFirstOrThrow());
    expect(row).toMatchObject({ psgc_code: sanIsidro.code, name: "San Isidro", city_municipality: "Santa Maria", province: "Romblon" });
    const identity = (await admin.get("/backend/api/setup/identity")).body.data;
    expect(identity).toMatchObject({ psgc_code: sanIsidro.code, name: "San Isidro", canPick: true, address: "" });
    const info = await server.db.selectFrom("settings").select("value").where("key", "=", "barangay").executeTakeFirstOrThrow();
    expect(info.value).toMatchObject({ name: "Barangay San Isidro", municipality: "Municipality of Santa Maria", province: "Romblon" });
    const audits = await server.db
      .selectFrom("audit_log")
      .select(["entity", "entity_id"])
      .where("entity", "in", ["barangay", "setting"])
      .execute();
    expect(audits).toEqual(
      expect.arrayContaining([
        { entity: "barangay", entity_id: "1" },
        { entity: "setting", entity_id: "barangay" },
      ]),
    );
    // The second barangay's row is untouched.
    const second = await asOwner(() => server.db.selectFrom("barangays").select("name").where("id", "=", SECOND).executeTakeFirstOrThrow());
    expect(second.name).toBe("Milagrosa");
  });

  it("2. address, seal and logo: the address and the seal, the logo optional", async () => {
    const empty = await admin.post("/backend/api/setup/address", { address: "   " });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.address).toEqual(["The address field is required."]);
    expect((await admin.post("/backend/api/setup/address", { address: "x".repeat(301) })).body.errors.address).toEqual([
      "The address must not be greater than 300 characters.",
    ]);
    expect((await admin.post("/backend/api/setup/address", { address: "Barangay Hall, San Isidro, Santa Maria, Romblon" })).status).toBe(
      200,
    );
    let step = (await checklist()).steps[1];
    expect(step.parts.map((p) => p.done)).toEqual([true, false, false]);
    expect(step.done).toBe(false);
    // The name the identity wrote is kept.
    const info = await server.db.selectFrom("settings").select("value").where("key", "=", "barangay").executeTakeFirstOrThrow();
    expect(info.value).toMatchObject({ name: "Barangay San Isidro", address: "Barangay Hall, San Isidro, Santa Maria, Romblon" });

    const png = await sharp({ create: { width: 40, height: 40, channels: 4, background: "#2563eb" } })
      .png()
      .toBuffer();
    // The officials' screen's own upload (server/features/officials), as the administrator.
    await setBarangayImage(adminContext(server.db), "seal", png);
    step = (await checklist()).steps[1];
    expect(step.done).toBe(true);
    expect(step.parts[2]).toMatchObject({ label: "Municipal logo (if the municipality has one)", done: false, required: false });
  });

  it("3. officials: a Punong Barangay in office today (a term that starts tomorrow is not)", async () => {
    const tomorrow = new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);
    await server.db.insertInto("officials").values({ position: "Punong Barangay", name: "Future Kapitan", term_start: tomorrow }).execute();
    await server.db
      .insertInto("officials")
      .values({ position: "Barangay Treasurer", name: "Ingat Yaman", term_start: "2024-01-01" })
      .execute();
    expect(await doneSteps()).toEqual(["identity", "letterhead"]);
    await server.db
      .insertInto("officials")
      .values({ position: "Punong Barangay", name: "Kapitan Uno", term_start: "2023-11-30", term_end: tomorrow })
      .execute();
    const step = (await checklist()).steps[2];
    expect(step.done).toBe(true);
    expect(step.parts[1].detail).toBe("1 of 5 positions held today");
  });

  it("4. puroks, 5. fees: a purok; a certificate type with a fee or a collection fee (a free type is not)", async () => {
    const trashed = await server.db
      .insertInto("puroks")
      .values({ name: "Purok Trashed", deleted_at: new Date() })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(trashed.id).toBeGreaterThan(0);
    expect(await doneSteps()).not.toContain("puroks");
    await server.db.insertInto("puroks").values({ name: "Purok Isa" }).execute();
    expect(await doneSteps()).toContain("puroks");

    await server.db
      .insertInto("transaction_types")
      .values({
        name: "Free certificate",
        custom_payment_form: JSON.stringify([{ fieldId: "f", label: "Fee", isPending: false, amount: "0.00" }]),
      } as never)
      .execute();
    expect(await doneSteps()).not.toContain("fees");
    const type = await server.db
      .insertInto("collection_types")
      .values({ name: "Community tax", fund_type: "General Fund" } as never)
      .returning("id")
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto("collection_type_fees")
      .values({ collection_type_id: type.id, position: 1, nature: "Cedula", account_code: null, amount: "5.00" })
      .execute();
    const fees = (await checklist()).steps[4];
    expect(fees.done).toBe(true);
    expect(fees.parts.map((p) => p.detail)).toEqual(["none yet", "1 fee"]);
  });

  it("6. form pads and cheque books: a pad and a cheque book — or the audited mark that the barangay writes no cheques", async () => {
    await addReceiptPad(server.db, "Uno");
    let step = (await checklist()).steps[5];
    expect(step.parts.map((p) => p.done)).toEqual([true, false]);
    expect(step.done).toBe(false);

    expect((await admin.post("/backend/api/setup/marks/unknown")).status).toBe(404);
    const marked = await admin.post("/backend/api/setup/marks/no_cheques");
    expect(marked.status, marked.text).toBe(200);
    step = (await checklist()).steps[5];
    expect(step.done).toBe(true);
    expect(step.mark).toMatchObject({ mark: "no_cheques", markedBy: "Barangay Administrator" });
    expect(step.parts[1].detail).toBe("the barangay writes no cheques");
    const audit = await server.db
      .selectFrom("audit_log")
      .select(["action", "after"])
      .where("entity", "=", "setting")
      .where("entity_id", "=", "setup_marks")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({ value: { no_cheques: { by_name: "Barangay Administrator" } } });

    expect((await admin.delete("/backend/api/setup/marks/no_cheques")).status).toBe(200);
    expect((await checklist()).steps[5].done).toBe(false);
    await addChequeBook(server.db, "Uno");
    step = (await checklist()).steps[5];
    expect(step.done).toBe(true);
    expect(step.parts[1].detail).toBe("1 cheque book");
  });

  it("7. the first users: a second staff account with a role; then the checklist is complete and the dashboard's card goes", async () => {
    expect(await dashboardSetup(adminContext(server.db))).not.toBeNull();
    // An account without a role does not count.
    await createUser(server.db, { username: "no-role" });
    expect(await doneSteps()).not.toContain("users");
    await createUser(server.db, { username: "treasurer-uno", roles: ["Treasurer"] });
    const list = await checklist();
    expect(list).toMatchObject({ complete: true, doneCount: 7, next: null });
    expect(await dashboardSetup(adminContext(server.db))).toBeNull();
    // The page's data stays reachable once done.
    expect((await admin.get("/backend/api/setup")).body.data.complete).toBe(true);
  });
});

describe("the barangay's language (issue 33 item 4)", () => {
  it("is English until the administrator sets it; users who chose none read it, the others keep theirs; audited; refused when not en or fil", async () => {
    expect((await admin.get("/backend/api/setup/identity")).body.data.default_language).toBe("en");
    const follower = await createUser(server.db, { username: "uno-follower" });
    const chooser = await createUser(server.db, { username: "uno-chooser" });
    await server.db.updateTable("users").set({ language: "en" }).where("id", "=", chooser.id).execute();
    const followerClient = await signedIn(server, follower);
    const chooserClient = await signedIn(server, chooser);
    const languageOf = async (client: ApiClient) => (await client.get("/backend/api/userme")).body.data.language;
    expect(await languageOf(followerClient)).toBe("en");

    for (const wrong of [{ default_language: "de" }, { default_language: "" }, {}]) {
      const res = await admin.post("/backend/api/setup/language", wrong);
      expect(res.status, res.text).toBe(422);
      expect(res.body.errors.default_language).toEqual(["The selected language is invalid."]);
    }

    const saved = await admin.post("/backend/api/setup/language", { default_language: "fil" });
    expect(saved.status, saved.text).toBe(200);
    // The administrator follows the barangay's language too: the message is in the new one.
    expect(saved.body.message).toBe("Matagumpay na na-save ang wika ng barangay.");
    expect((await admin.get("/backend/api/setup/identity")).body.data.default_language).toBe("fil");
    await expect.poll(() => languageOf(followerClient)).toBe("fil");
    expect(await languageOf(chooserClient)).toBe("en");
    const audited = await server.db
      .selectFrom("audit_log")
      .select(["entity", "before", "after"])
      .where("entity", "=", "barangay")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(audited).toMatchObject({ before: { default_language: "en" }, after: { default_language: "fil" } });
    // The second barangay keeps its own.
    const second = await asOwner(() =>
      server.db.selectFrom("barangays").select("default_language").where("id", "=", SECOND).executeTakeFirstOrThrow(),
    );
    expect(second.default_language).toBe("en");

    const back = await admin.post("/backend/api/setup/language", { default_language: "en" });
    expect(back.body.message).toBe("Successfully saved the barangay's language.");
    await expect.poll(() => languageOf(followerClient)).toBe("en");
  });
});

/** A form type and a pad of official receipts in the current barangay. */
async function addReceiptPad(db: TestServer["db"], tag: string) {
  const formType = await db
    .insertInto("form_types")
    .values({ name: `Accountable Form No. 51 ${tag}`, description: null } as never)
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("form_pads")
    .values({
      form_type_id: formType.id,
      pad_code: `PAD-${tag}`,
      series_start: "0000001",
      series_end: "0000050",
      serial_from: 1,
      serial_to: 50,
      serial_width: 7,
    })
    .execute();
}

/** A bank, its account and a cheque book in the current barangay. */
async function addChequeBook(db: TestServer["db"], tag: string) {
  const bank = await db
    .insertInto("banks")
    .values({ code: `LBP${tag}`, name: `Land Bank ${tag}` })
    .returning("id")
    .executeTakeFirstOrThrow();
  const account = await db
    .insertInto("bank_accounts")
    .values({ bank_id: bank.id, account_name: `Barangay ${tag}`, account_number: `0001-${tag}`, fund_type: "General Fund" })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("cheque_books")
    .values({
      bank_account_id: account.id,
      cheque_book_code: `CB-${tag}`,
      series_start: "100001",
      series_end: "100050",
      quanty_generated: 50,
    })
    .execute();
}
