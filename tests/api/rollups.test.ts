import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asOwner, HUB_TENANT_ID, inBarangay, inScope } from "../../db/tenant.ts";
import { todayInManila } from "../../domain/dates.ts";
import { quarterDays, quarterOf, type RollupResult } from "../../domain/rollups.ts";
import type { ReportRow } from "../../domain/reports/types.ts";
import { hashPassword } from "../../server/auth/passwords.ts";
import { loadAuthUser } from "../../server/auth/sessions.ts";
import type { ServiceContext } from "../../server/context.ts";
import { requestContext } from "../../server/http/pages/context.ts";
import { rollupDownload, rollupPage, rollupPrint, rollupsIndex, requireRollups } from "../../server/features/rollups/pages.server.ts";
import { inRollupScope, runRollup } from "../../server/features/rollups/service.ts";
import { seed } from "../../server/seed.ts";
import { RouterContextProvider } from "react-router";
import { signedIn, startTestServer, type ApiClient, type TestServer } from "../helpers/server.ts";

// Issue 29 item 4: the municipality's roll-ups. Three barangays — Milagrosa and Banlic of the City
// of Calamba, and one of Los Baños — each set up by the seed in its own scope, and given residents,
// households, receipts (one cancelled, some remitted) and certificates by its own administrator
// over HTTP, so every row is made in that barangay's scope. A fourth barangay of Calamba is
// suspended. The Calamba officer (a hub user, tenant 0, with view-rollups and a municipal_officers
// row) reads the roll-ups: the figures equal the rows made here, Los Baños, the suspended barangay
// and the install's own barangay never appear, the roll-up scope cannot write, and everyone else
// is refused with 403.
//
// A municipal officer reads roll-ups and nothing else: their session works in the hub's tenant,
// where no barangay's rows are, and their roles hold no barangay permission — so a barangay's
// residents list refuses them (403), and even read in their scope it holds nothing.

const PASSWORD = "Rollup-Passw0rd!";
const CALAMBA = "0403405000";
const LOS_BANOS = "0403411000";
const today = todayInManila();
const { year, quarter } = quarterOf(today);

let server: TestServer;
const ids = { milagrosa: 0, banlic: 0, losBanos: 0, suspended: 0 };
let officerId = 0;
let hubClerkId = 0;
let barangayHolderId = 0;

async function newBarangay(psgc: string, name: string, city: string, status: "active" | "suspended" = "active"): Promise<number> {
  const row = await asOwner(() =>
    server.db
      .insertInto("barangays")
      .values({
        psgc_code: psgc,
        name,
        city_municipality: city === CALAMBA ? "City of Calamba" : "Los Baños",
        city_psgc_code: city,
        status,
      })
      .returning("id")
      .executeTakeFirstOrThrow(),
  );
  const id = Number(row.id);
  await inBarangay(id, () => seed(server.db, { adminUsername: `admin${id}`, adminPassword: PASSWORD, demo: false }));
  return id;
}

/** A hub user (tenant 0) with a role holding `permissions`; a municipal officer of `city` when given. */
async function hubUser(username: string, permissions: string[], city: string | null): Promise<number> {
  return asOwner(async () => {
    const db = server.db;
    const user = await db
      .insertInto("users")
      .values({ barangay_id: HUB_TENANT_ID, kind: "staff", username, password_hash: await hashPassword(PASSWORD), new_user: false })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("user_profiles")
      .values({ barangay_id: HUB_TENANT_ID, user_id: user.id, firstname: "Maria", lastname: username })
      .execute();
    const role = await db
      .insertInto("roles")
      .values({ barangay_id: HUB_TENANT_ID, name: `Role of ${username}` })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const name of permissions) {
      await sql`insert into permissions (name) values (${name}) on conflict (name) do nothing`.execute(db);
      const permission = await db.selectFrom("permissions").select("id").where("name", "=", name).executeTakeFirstOrThrow();
      await db
        .insertInto("role_permissions")
        .values({ barangay_id: HUB_TENANT_ID, role_id: role.id, permission_id: permission.id })
        .execute();
    }
    await db.insertInto("user_roles").values({ barangay_id: HUB_TENANT_ID, user_id: user.id, role_id: role.id }).execute();
    if (city)
      await db.insertInto("municipal_officers").values({ barangay_id: HUB_TENANT_ID, user_id: user.id, city_psgc_code: city }).execute();
    return Number(user.id);
  });
}

/** A user's service context as a request of theirs has it: read as portal_auth, run in their barangay. */
async function contextOf(userId: number): Promise<ServiceContext> {
  const user = await inScope({ kind: "auth" }, () => loadAuthUser(server.db, userId));
  return { db: server.db, user };
}

function pageArgs(ctx: ServiceContext, path: string) {
  const context = new RouterContextProvider();
  context.set(requestContext, {
    db: server.db,
    user: ctx.user,
    sessionId: null,
    csrfToken: "test",
    ip: "203.0.113.9",
    requestId: "rollups-test",
    userAgent: "vitest",
    secureCookies: false,
  });
  return { request: new Request(`http://localhost${path}`), context, params: {} };
}

/** Runs `fn` in the user's own barangay, as the tenancy middleware runs their requests. */
const asUser = <T>(ctx: ServiceContext, fn: () => Promise<T>) => inBarangay(ctx.user?.barangayId ?? null, fn);

/** Residents, a household, receipts and certificates of one barangay, made by its administrator over HTTP. */
interface Made {
  residents: { sex: "Male" | "Female"; age: number | null; pwd?: boolean; ofw?: boolean; ip?: boolean; citizenship?: string }[];
  households: number;
  receipts: { fund: "General Fund" | "SK Fund" | "Trust Fund"; amount: string; cancelled?: boolean; remitted?: boolean }[];
  certificates: { type: string; fee: string; cancelled?: boolean }[];
}

const MADE: Record<keyof typeof ids, Made> = {
  milagrosa: {
    residents: [
      { sex: "Male", age: 36, pwd: true },
      { sex: "Male", age: 2 },
      { sex: "Female", age: 36, ofw: true },
      { sex: "Female", age: 76, ip: true },
      { sex: "Female", age: null, citizenship: "Japanese" },
    ],
    households: 2,
    receipts: [
      { fund: "General Fund", amount: "100.00", remitted: true },
      { fund: "General Fund", amount: "50.50" },
      { fund: "SK Fund", amount: "30.00", remitted: true },
      { fund: "General Fund", amount: "999.00", cancelled: true },
    ],
    certificates: [
      { type: "Barangay Clearance", fee: "50.00" },
      { type: "Barangay Clearance", fee: "50.00" },
      { type: "Certificate of Indigency", fee: "0.00" },
      { type: "Barangay Clearance", fee: "50.00", cancelled: true },
    ],
  },
  banlic: {
    residents: [
      { sex: "Male", age: 16, citizenship: "Filipino" },
      { sex: "Female", age: 81 },
    ],
    households: 1,
    receipts: [{ fund: "Trust Fund", amount: "75.25" }],
    certificates: [{ type: "Barangay Clearance", fee: "40.00" }],
  },
  losBanos: {
    residents: [
      { sex: "Male", age: 30 },
      { sex: "Male", age: 31 },
      { sex: "Female", age: 32 },
    ],
    households: 1,
    receipts: [{ fund: "General Fund", amount: "5000.00", remitted: true }],
    certificates: [{ type: "Barangay Clearance", fee: "100.00" }],
  },
  suspended: { residents: [{ sex: "Male", age: 40 }], households: 0, receipts: [], certificates: [] },
};

/** Born on 1 January `age` years ago: that age on every day of this year. */
const bornAgo = (age: number) => `${Number(today.slice(0, 4)) - age}-01-01`;

/** The id of a record created over REST (201), or the answer in the failure. */
function createdId(res: { status: number; text: string; body: { data?: { id: number } } }): number {
  expect(res.status, res.text).toBe(201);
  return res.body.data!.id;
}

async function populate(barangayId: number, made: Made, tag: string) {
  // The suspended barangay's administrator cannot sign in: its rows are made in its scope directly.
  const admin: ApiClient | null =
    made.receipts.length || made.certificates.length
      ? await signedIn(server, { username: `admin${barangayId}`, password: PASSWORD })
      : null;
  const adminId = Number(
    (
      await inBarangay(barangayId, () =>
        server.db.selectFrom("users").select("id").where("username", "=", `admin${barangayId}`).executeTakeFirstOrThrow(),
      )
    ).id,
  );
  const purok = await inBarangay(barangayId, async () =>
    Number(
      (
        await server.db
          .insertInto("puroks")
          .values({ name: `Purok ${tag}` })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id,
    ),
  );
  const residentIds: number[] = [];
  for (const [i, r] of made.residents.entries()) {
    const profile = {
      firstname: `${tag}${i}`,
      lastname: "Rollup",
      sex: r.sex,
      // The form asks a date of birth; a record imported without one has none (set below).
      date_of_birth: bornAgo(r.age ?? 30),
      civil_status: "Single",
      purok_id: purok,
      citizenship: r.citizenship ?? null,
      is_pwd: !!r.pwd,
      is_ofw: !!r.ofw,
      is_indigenous: !!r.ip,
    };
    if (admin) {
      const res = await admin.post("/backend/api/resident", { user_profile: profile });
      expect(res.status, res.text).toBe(201);
      residentIds.push(res.body.data.id);
      if (r.age == null)
        await inBarangay(barangayId, () =>
          server.db.updateTable("user_profiles").set({ date_of_birth: null }).where("user_id", "=", res.body.data.id).execute(),
        );
    } else {
      await inBarangay(barangayId, async () => {
        const user = await server.db.insertInto("users").values({ kind: "resident" }).returning("id").executeTakeFirstOrThrow();
        await server.db
          .insertInto("user_profiles")
          .values({ user_id: user.id, ...profile, sex: r.sex, civil_status: "Single" })
          .execute();
        residentIds.push(user.id);
      });
    }
  }
  for (let h = 0; h < made.households; h++)
    await inBarangay(barangayId, () =>
      server.db
        .insertInto("households")
        .values({ household_head_user_id: residentIds[h], purok_id: purok, address: `${h} Rizal St.` })
        .execute(),
    );
  if (!admin) return;

  if (made.receipts.length) {
    const formType = createdId(await admin.post("/backend/api/form_type", { name: `AF 51 ${tag}` }));
    const pad = await admin.post("/backend/api/form_pad", {
      form_type_id: formType,
      pad_code: `OR-${tag}`,
      series_start: "1000001",
      series_end: "1000050",
      collectors: [{ user_id: adminId }],
    });
    expect(pad.status, pad.text).toBe(201);
    const bank = createdId(await admin.post("/backend/api/bank", { code: "LBPR", name: "Land Bank Rollups" }));
    const account = createdId(
      await admin.post("/backend/api/bank_account", {
        bank_id: bank,
        account_name: "Barangay funds",
        account_number: "0012-3456-77",
        fund_type: "General Fund",
      }),
    );
    const types = new Map<string, number>();
    // The remitted receipts first, remitted together; the others issued after the remittance.
    const ordered = [...made.receipts.filter((r) => r.remitted), ...made.receipts.filter((r) => !r.remitted)];
    let remitted = false;
    for (const r of ordered) {
      if (!r.remitted && !remitted && made.receipts.some((x) => x.remitted)) {
        const res = await admin.post("/backend/api/remittance/collection/remit", {
          collector_id: adminId,
          date: today,
          deposit_date: today,
          bank_account_id: account,
          deposit_reference: `DS-${tag}`,
        });
        expect(res.status, res.text).toBe(201);
        remitted = true;
      }
      if (!types.has(r.fund)) {
        const res = await admin.post("/backend/api/collection_type", { name: `${r.fund} fees`, fund_type: r.fund });
        expect(res.status, res.text).toBe(201);
        types.set(r.fund, res.body.data.id);
      }
      const receipt = await admin.post("/backend/api/collection", {
        form_pad_id: pad.body.data.id,
        date_issued: today,
        payor_kind: "name",
        issued_to: "Juan Dela Cruz",
        collection_type_id: types.get(r.fund),
        payment_mode: "Cash",
        lines: [{ nature: "Fee", amount: r.amount }],
      });
      expect(receipt.status, receipt.text).toBe(201);
      if (r.cancelled) expect((await admin.delete(`/backend/api/collection/${receipt.body.data.id}`)).status).toBe(200);
    }
    if (!remitted && made.receipts.some((x) => x.remitted)) {
      const res = await admin.post("/backend/api/remittance/collection/remit", {
        collector_id: adminId,
        date: today,
        deposit_date: today,
        bank_account_id: account,
        deposit_reference: `DS-${tag}`,
      });
      expect(res.status, res.text).toBe(201);
    }
  }

  const certificateTypes = new Map<string, number>();
  for (const c of made.certificates) {
    // One type per name: every certificate of a type carries the type's fee.
    if (!certificateTypes.has(c.type)) {
      const res = await admin.post("/backend/api/transaction_type", {
        name: c.type,
        custom_payment_form: Number(c.fee) > 0 ? [{ fieldId: "custom_field_default_amount", label: "Fee", amount: c.fee }] : [],
      });
      expect(res.status, res.text).toBe(201);
      certificateTypes.set(c.type, res.body.data.id);
    }
    const issued = await admin.post("/backend/api/transaction", {
      transaction_type_id: certificateTypes.get(c.type),
      issued_to_user_id: residentIds[0],
    });
    expect(issued.status, issued.text).toBe(201);
    if (c.cancelled) expect((await admin.delete(`/backend/api/transaction/${issued.body.data.id}`)).status).toBe(200);
  }
}

beforeAll(async () => {
  server = await startTestServer();
  ids.milagrosa = await newBarangay("0403405057", "Milagrosa", CALAMBA);
  ids.banlic = await newBarangay("0403405003", "Banlic", CALAMBA);
  ids.losBanos = await newBarangay("0403411001", "Anos", LOS_BANOS);
  ids.suspended = await newBarangay("0403405001", "Bagong Kalsada", CALAMBA);
  for (const key of Object.keys(ids) as (keyof typeof ids)[]) await populate(ids[key], MADE[key], key);
  await asOwner(() =>
    server.db.updateTable("barangays").set({ status: "suspended", suspended_at: new Date() }).where("id", "=", ids.suspended).execute(),
  );

  officerId = await hubUser("calamba_officer", ["view-rollups"], CALAMBA);
  hubClerkId = await hubUser("hub_clerk", ["manage-barangays"], null);
  // A barangay's own user holding the permission by name (a role edited by hand): still refused.
  barangayHolderId = await inBarangay(ids.milagrosa, async () => {
    const admin = await server.db
      .selectFrom("users")
      .select("id")
      .where("username", "=", `admin${ids.milagrosa}`)
      .executeTakeFirstOrThrow();
    const role = await server.db.insertInto("roles").values({ name: "Roll-up reader" }).returning("id").executeTakeFirstOrThrow();
    await asOwner(() => sql`insert into permissions (name) values ('view-rollups') on conflict (name) do nothing`.execute(server.db));
    const permission = await server.db.selectFrom("permissions").select("id").where("name", "=", "view-rollups").executeTakeFirstOrThrow();
    await server.db.insertInto("role_permissions").values({ role_id: role.id, permission_id: permission.id }).execute();
    await server.db.insertInto("user_roles").values({ user_id: admin.id, role_id: role.id }).execute();
    return Number(admin.id);
  });
}, 180_000);

afterAll(async () => {
  await server?.close();
});

const rowOf = (result: RollupResult, section: string, barangay: string): ReportRow => {
  const row = result.sections.find((s) => s.key === section)!.rows.find((r) => r.barangay === barangay);
  if (!row) throw new Error(`no row of ${barangay} in ${section}`);
  return row;
};
const sectionOf = (result: RollupResult, key: string) => result.sections.find((s) => s.key === key)!;
const cents = (amount: string) => Math.round(Number(amount) * 100);
const money = (c: number) => (c / 100).toFixed(2);

/** What a barangay's made rows add up to, counted here from MADE, not from the database. */
function expected(key: keyof typeof ids) {
  const m = MADE[key];
  const valid = m.receipts.filter((r) => !r.cancelled);
  const fund = (f: string, pick: (r: Made["receipts"][number]) => boolean = () => true) =>
    money(valid.filter((r) => r.fund === f && pick(r)).reduce((s, r) => s + cents(r.amount), 0));
  return {
    male: m.residents.filter((r) => r.sex === "Male").length,
    female: m.residents.filter((r) => r.sex === "Female").length,
    total: m.residents.length,
    pwd: m.residents.filter((r) => r.pwd).length,
    ofw: m.residents.filter((r) => r.ofw).length,
    indigenous: m.residents.filter((r) => r.ip).length,
    foreign: m.residents.filter((r) => r.citizenship && r.citizenship !== "Filipino").length,
    households: m.households,
    fund,
    collected: money(valid.reduce((s, r) => s + cents(r.amount), 0)),
    certificates: m.certificates.filter((c) => !c.cancelled).length,
    cancelledCertificates: m.certificates.filter((c) => c.cancelled).length,
    fees: money(m.certificates.filter((c) => !c.cancelled).reduce((s, c) => s + cents(c.fee), 0)),
  };
}

describe("the municipal officer's roll-ups", () => {
  it("count the inhabitants of Form C per barangay of the city, as made, and nothing of another city", async () => {
    const ctx = await contextOf(officerId);
    const result = await asUser(ctx, () => runRollup(ctx, "inhabitants", { year: String(year), quarter: String(quarter) }));
    expect(result.municipality).toMatchObject({ psgc_code: CALAMBA, name: "City of Calamba", province: "Laguna" });
    expect(result.barangays.map((b) => b.name)).toEqual(["Banlic", "Milagrosa"]);
    expect(result.period).toMatchObject({ year, quarter, from: quarterDays(year, quarter).from, to: today });

    for (const [key, name] of [
      ["milagrosa", "Milagrosa"],
      ["banlic", "Banlic"],
    ] as const) {
      const e = expected(key);
      expect(rowOf(result, "by_barangay", name)).toEqual({
        barangay: name,
        households: e.households,
        male: e.male,
        female: e.female,
        not_stated: 0,
        total: e.total,
        pwd: e.pwd,
        ofw: e.ofw,
        indigenous: e.indigenous,
        foreign: e.foreign,
      });
    }
    const both = [expected("milagrosa"), expected("banlic")];
    expect(sectionOf(result, "by_barangay").totals).toMatchObject({
      barangay: "Total",
      total: both[0].total + both[1].total,
      households: 3,
    });

    // Ages on the quarter's last day (today, while it runs): 36 → 35–39, 2 → under 5, 76 → 75–79, 81 → 80+.
    expect(rowOf(result, "ages", "Milagrosa")).toMatchObject({ age_0: 1, age_7: 2, age_15: 1, age_unknown: 1, total: 5 });
    expect(rowOf(result, "ages", "Banlic")).toMatchObject({ age_3: 1, age_16: 1, age_unknown: 0, total: 2 });
    const formC = sectionOf(result, "form_c").rows;
    expect(formC.find((r) => r.indicator === "35–39 years")).toEqual({ indicator: "35–39 years", male: 1, female: 1, total: 2 });
    expect(formC.find((r) => r.indicator === "Under 5 years")).toEqual({ indicator: "Under 5 years", male: 1, female: 0, total: 1 });
    expect(formC.find((r) => r.indicator === "Total inhabitants")).toEqual({
      indicator: "Total inhabitants",
      male: 3,
      female: 4,
      total: 7,
    });
    expect(formC.find((r) => String(r.indicator).startsWith("Persons with disability"))).toMatchObject({ male: 1, female: 0, total: 1 });
    expect(formC.find((r) => r.indicator === "Foreign citizens")).toMatchObject({ male: 0, female: 1, total: 1 });
    expect(result.cards.find((c) => c.key === "inhabitants")?.value).toBe(7);

    // Never another city's barangay, the suspended one, or the install's own.
    const text = JSON.stringify(result);
    expect(text).not.toMatch(/Anos|Bagong Kalsada|San Isidro/);
  });

  it("count a quarter as of its end: the residents registered this quarter are not in the last one", async () => {
    const ctx = await contextOf(officerId);
    const previous = quarter === 1 ? { year: year - 1, quarter: 4 } : { year, quarter: quarter - 1 };
    const result = await asUser(ctx, () =>
      runRollup(ctx, "inhabitants", { year: String(previous.year), quarter: String(previous.quarter) }),
    );
    expect(result.period.to).toBe(quarterDays(previous.year, previous.quarter).to);
    expect(sectionOf(result, "by_barangay").totals).toMatchObject({ total: 0, households: 0 });
    expect(sectionOf(result, "by_barangay").rows.map((r) => r.barangay)).toEqual(["Banlic", "Milagrosa"]);
  });

  it("add up collections and remittances per barangay and fund", async () => {
    const ctx = await contextOf(officerId);
    const result = await asUser(ctx, () => runRollup(ctx, "collections", { from: today, to: today }));
    const m = expected("milagrosa");
    const b = expected("banlic");
    expect(rowOf(result, "by_barangay", "Milagrosa")).toEqual({
      barangay: "Milagrosa",
      general_fund: m.fund("General Fund"),
      sk_fund: m.fund("SK Fund"),
      trust_fund: "0.00",
      total: m.collected,
    });
    expect(rowOf(result, "by_barangay", "Banlic")).toMatchObject({ trust_fund: b.fund("Trust Fund"), total: b.collected });
    expect(sectionOf(result, "by_barangay_fund").rows).toEqual([
      { barangay: "Banlic", fund: "Trust Fund", receipts: 1, cancelled: 0, collected: "75.25", remitted: "0.00", not_remitted: "75.25" },
      {
        barangay: "Milagrosa",
        fund: "General Fund",
        receipts: 2,
        cancelled: 1,
        collected: m.fund("General Fund"),
        remitted: m.fund("General Fund", (r) => !!r.remitted),
        not_remitted: m.fund("General Fund", (r) => !r.remitted),
      },
      { barangay: "Milagrosa", fund: "SK Fund", receipts: 1, cancelled: 0, collected: "30.00", remitted: "30.00", not_remitted: "0.00" },
    ]);
    expect(sectionOf(result, "by_fund").totals).toMatchObject({
      fund: "Total",
      receipts: 4,
      collected: "255.75",
      remitted: "130.00",
      not_remitted: "125.75",
    });
    expect(result.cards.find((c) => c.key === "collected")?.value).toBe("255.75");
    expect(JSON.stringify(result)).not.toMatch(/5000\.00|Anos/);
  });

  it("count certificates issued per type per barangay", async () => {
    const ctx = await contextOf(officerId);
    const result = await asUser(ctx, () => runRollup(ctx, "certificates", { from: today, to: today }));
    const m = expected("milagrosa");
    expect(rowOf(result, "by_barangay", "Milagrosa")).toEqual({
      barangay: "Milagrosa",
      issued: m.certificates,
      cancelled: m.cancelledCertificates,
      fees: m.fees,
    });
    expect(rowOf(result, "by_barangay", "Banlic")).toEqual({ barangay: "Banlic", issued: 1, cancelled: 0, fees: "40.00" });
    expect(sectionOf(result, "by_barangay_type").rows).toEqual([
      { barangay: "Banlic", type: "Barangay Clearance", issued: 1, fees: "40.00" },
      { barangay: "Milagrosa", type: "Barangay Clearance", issued: 2, fees: "100.00" },
      { barangay: "Milagrosa", type: "Certificate of Indigency", issued: 1, fees: "0.00" },
    ]);
    expect(sectionOf(result, "by_type").rows).toEqual([
      { type: "Barangay Clearance", issued: 3, fees: "140.00" },
      { type: "Certificate of Indigency", issued: 1, fees: "0.00" },
    ]);
    expect(JSON.stringify(result)).not.toMatch(/Anos/);
  });

  it("answer the index, the page, the print and an XLSX of every sheet", async () => {
    const ctx = await contextOf(officerId);
    const index = await asUser(ctx, () => rollupsIndex(pageArgs(ctx, "/hub/rollups")));
    expect(index.municipality.name).toBe("City of Calamba");
    expect(index.rollups.map((r) => r.name)).toEqual(["inhabitants", "collections", "certificates"]);
    const page = await asUser(ctx, () => rollupPage(pageArgs(ctx, `/hub/rollups/collections?from=${today}&to=${today}`), "collections"));
    expect(page.result.cards.find((c) => c.key === "remitted")?.value).toBe("130.00");
    const print = await asUser(ctx, () => rollupPrint(pageArgs(ctx, "/hub/rollups/inhabitants/print?size=letter"), "inhabitants"));
    expect(print.paper).toEqual({ size: "letter", orientation: "landscape" });
    const file = await asUser(ctx, () =>
      rollupDownload(pageArgs(ctx, `/hub/rollups/certificates/export?from=${today}&to=${today}`), "certificates"),
    );
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Disposition")).toMatch(/certificates-issued-city-of-calamba-.*\.xlsx/);
    const { default: Excel } = await import("exceljs");
    const book = new Excel.Workbook();
    await book.xlsx.load(await file.arrayBuffer());
    expect(book.worksheets.map((w) => w.name)).toEqual([
      "Roll-up",
      "Certificates per barangay",
      "Certificates by barangay, type",
      "The municipality per type",
    ]);
    const sheet = book.getWorksheet("Certificates per barangay")!;
    expect(sheet.getRow(1).values).toEqual([undefined, "Barangay", "Issued", "Cancelled", "Fees"]);
    expect(sheet.getRow(3).values).toEqual([undefined, "Milagrosa", 3, 1, 100]);
    expect(sheet.getRow(4).values).toEqual([undefined, "Total", 4, 1, 140]);
  });
});

describe("the roll-up scope", () => {
  it("cannot write, not even in the barangays it reads", async () => {
    const scope = { kind: "rollup" as const, barangayIds: [ids.milagrosa, ids.banlic] };
    await expect(
      inScope(scope, () => server.db.insertInto("puroks").values({ name: "Written by a roll-up", barangay_id: ids.milagrosa }).execute()),
    ).rejects.toThrow(/permission denied/);
    await expect(inScope(scope, () => server.db.updateTable("user_profiles").set({ firstname: "X" }).execute())).rejects.toThrow(
      /permission denied/,
    );
    await expect(inScope(scope, () => server.db.deleteFrom("collections").execute())).rejects.toThrow(/permission denied/);
    const residents = await inBarangay(ids.milagrosa, () =>
      server.db.selectFrom("user_profiles").select("firstname").where("firstname", "=", "X").execute(),
    );
    expect(residents).toEqual([]);
  });

  it("reads only the barangays it names", async () => {
    const count = (barangayIds: number[]) =>
      inScope(
        { kind: "rollup", barangayIds },
        async () =>
          (
            await server.db
              .selectFrom("user_profiles")
              .select((eb) => eb.fn.countAll<number>().as("n"))
              .executeTakeFirstOrThrow()
          ).n,
      );
    const onlyMilagrosa = Number(await count([ids.milagrosa]));
    expect(onlyMilagrosa).toBe(
      await inBarangay(ids.milagrosa, async () =>
        Number(
          (
            await server.db
              .selectFrom("user_profiles")
              .select((eb) => eb.fn.countAll<number>().as("n"))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      ),
    );
    const losBanos = await inScope({ kind: "rollup", barangayIds: [ids.milagrosa] }, () =>
      server.db.selectFrom("collections").select("id").where("barangay_id", "=", ids.losBanos).execute(),
    );
    expect(losBanos).toEqual([]);
    expect(Number(await count([]))).toBe(0);
    // The roll-ups' own transactions run as portal_rollup.
    const ctx = await contextOf(officerId);
    const role = await inRollupScope(
      ctx,
      [ids.milagrosa],
      async (trx) => (await sql<{ role: string }>`select current_user as role`.execute(trx)).rows[0].role,
    );
    expect(role).toBe("portal_rollup");
  });
});

describe("refusals", () => {
  const refusedWith403 = async (run: () => Promise<unknown>) => {
    const error = await run().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error, "refused").toMatchObject({ init: { status: 403 } });
  };

  it("refuse a hub user without view-rollups, and a barangay's own user even holding it", async () => {
    for (const userId of [hubClerkId, barangayHolderId]) {
      const ctx = await contextOf(userId);
      await expect(asUser(ctx, () => runRollup(ctx, "inhabitants", {}))).rejects.toMatchObject({ status: 403 });
      await refusedWith403(() => asUser(ctx, () => rollupsIndex(pageArgs(ctx, "/hub/rollups"))));
      await refusedWith403(() => asUser(ctx, () => rollupPage(pageArgs(ctx, "/hub/rollups/inhabitants"), "inhabitants")));
      await refusedWith403(() => asUser(ctx, () => rollupPrint(pageArgs(ctx, "/hub/rollups/inhabitants/print"), "inhabitants")));
      await refusedWith403(() => asUser(ctx, () => rollupDownload(pageArgs(ctx, "/hub/rollups/inhabitants/export"), "inhabitants")));
    }
    // The routes' guard: no permission, no page.
    const clerk = await contextOf(hubClerkId);
    await refusedWith403(async () =>
      requireRollups({ context: pageArgs(clerk, "/hub/rollups").context } as never, () => Promise.resolve(new Response())),
    );
    // A hub user with the permission but no municipal_officers row reads nothing either.
    const stray = await hubUser("stray_reader", ["view-rollups"], null);
    const ctx = await contextOf(stray);
    await expect(asUser(ctx, () => runRollup(ctx, "inhabitants", {}))).rejects.toMatchObject({ status: 403 });
  });

  it("refuse a visitor (401) and an unknown roll-up (404)", async () => {
    await expect(runRollup({ db: server.db, user: null }, "inhabitants", {})).rejects.toMatchObject({ status: 401 });
    const ctx = await contextOf(officerId);
    await expect(asUser(ctx, () => runRollup(ctx, "residents", {}))).rejects.toMatchObject({ status: 404 });
  });

  it("a municipal officer's session cannot read a barangay's residents list (403), and their scope holds no resident", async () => {
    const officer = await signedIn(server, { username: "calamba_officer", password: PASSWORD });
    const residents = await officer.get("/backend/api/resident");
    expect(residents.status).toBe(403);
    const ctx = await contextOf(officerId);
    const seen = await asUser(ctx, () =>
      server.db.selectFrom("user_profiles").select("user_id").where("user_kind", "=", "resident").execute(),
    );
    expect(seen).toEqual([]);
  });
});
