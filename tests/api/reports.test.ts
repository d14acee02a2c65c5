import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInManila } from "../../domain/dates.ts";
import { yearsBefore } from "../../server/features/reports/people-filters.ts";
import { createUser, signedIn, startTestServer, type ApiClient, type TestServer } from "../helpers/server.ts";

// The reports layer over REST (issue 13): the hub list, each people report's sections and totals,
// the §10 filters, permissions, and the CSV and XLSX exports read back (row count and totals).

let server: TestServer;
let admin: ApiClient;
const puroks: Record<string, number> = {};
const today = todayInManila();

interface Person {
  purok: string | null;
  sex: "Male" | "Female" | null;
  age: number | null;
  civil?: "Single" | "Married" | "Widowed";
  religion?: string;
  flags?: Partial<Record<"is_voter" | "is_pwd" | "is_solo_parent" | "is_4ps" | "is_ofw" | "is_indigenous", boolean>>;
  deleted?: boolean;
}

// 9 active residents and a trashed one, in two puroks and none.
const PEOPLE: Person[] = [
  { purok: "Purok Uno", sex: "Male", age: 2, civil: "Single", religion: "Roman Catholic" },
  { purok: "Purok Uno", sex: "Female", age: 34, civil: "Married", religion: "Roman Catholic", flags: { is_voter: true, is_4ps: true } },
  { purok: "Purok Uno", sex: "Male", age: 36, civil: "Married", religion: "Iglesia ni Cristo", flags: { is_voter: true } },
  { purok: "Purok Uno", sex: "Female", age: 61, civil: "Widowed", religion: "Roman Catholic", flags: { is_voter: true, is_pwd: true } },
  { purok: "Purok Dos", sex: "Male", age: 80, civil: "Married", religion: "Roman Catholic", flags: { is_voter: true } },
  { purok: "Purok Dos", sex: "Female", age: 17, civil: "Single", religion: "Iglesia ni Cristo", flags: { is_solo_parent: true } },
  { purok: "Purok Dos", sex: "Female", age: 60, civil: "Single", flags: { is_ofw: true, is_indigenous: true } },
  { purok: null, sex: "Male", age: 25, civil: "Single", religion: "Roman Catholic" },
  { purok: "Purok Dos", sex: null, age: null },
  { purok: "Purok Uno", sex: "Male", age: 40, deleted: true },
];

async function seedPeople() {
  const db = server.db;
  for (const name of ["Purok Uno", "Purok Dos"])
    puroks[name] = (await db.insertInto("puroks").values({ name }).returning("id").executeTakeFirstOrThrow()).id;
  const religions: Record<string, number> = {};
  for (const name of ["Roman Catholic", "Iglesia ni Cristo"])
    religions[name] = (await db.insertInto("religions").values({ name }).returning("id").executeTakeFirstOrThrow()).id;
  const ids: number[] = [];
  let n = 0;
  for (const p of PEOPLE) {
    n++;
    const { id } = await db
      .insertInto("users")
      .values({ kind: "resident", deleted_at: p.deleted ? new Date() : null })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("user_profiles")
      .values({
        user_id: id,
        firstname: `Person${n}`,
        lastname: `Family${String.fromCharCode(64 + n)}`,
        sex: p.sex,
        date_of_birth: p.age == null ? null : yearsBefore(today, p.age),
        civil_status: p.civil ?? null,
        purok_id: p.purok ? puroks[p.purok] : null,
        religion_id: p.religion ? religions[p.religion] : null,
        ...p.flags,
      })
      .execute();
    ids.push(id);
  }
  // Households: Uno has persons 1-4 (head 2) and a household of person 3 alone... kept simple:
  // household A in Uno: head 2, members 1 and 4 (size 3); household B in Dos: head 5, member 6 (size 2).
  const a = await db
    .insertInto("households")
    .values({ household_head_user_id: ids[1], purok_id: puroks["Purok Uno"], address: "12 Mabini St." })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("household_members")
    .values([
      { household_id: a.id, user_id: ids[0], relation_to_head: "Son" },
      { household_id: a.id, user_id: ids[3], relation_to_head: "Mother" },
    ])
    .execute();
  const b = await db
    .insertInto("households")
    .values({ household_head_user_id: ids[4], purok_id: puroks["Purok Dos"], address: "3 Rizal St." })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.insertInto("household_members").values({ household_id: b.id, user_id: ids[5], relation_to_head: "Daughter" }).execute();
  await db
    .insertInto("disaster_prone_areas")
    .values({ purok_id: puroks["Purok Dos"], disaster_types: ["Flood", "Landslide"], affected_area: "Riverside" })
    .execute();
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server, server.admin);
  await seedPeople();
});

afterAll(async () => {
  await server?.close();
});

const section = (body: { data: { sections: { key: string }[] } }, key: string) =>
  body.data.sections.find((s) => s.key === key) as unknown as {
    rows: Record<string, unknown>[];
    totals: Record<string, unknown> | null;
    columns?: { key: string }[];
  };

async function download(client: ApiClient, path: string) {
  const res = await fetch(server.url + path, {
    headers: { Cookie: [...client.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("; ") },
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe("reports over REST", () => {
  it("lists the seven reports of spec §2.1 and, to a holder of the KP permission, the KP books", async () => {
    const res = await admin.get("/backend/api/reports");
    expect(res.status).toBe(200);
    const names = res.body.data.map((r: { name: string }) => r.name).sort();
    expect(names).toEqual(
      [
        "cheque-disbursements",
        "cheque-issuances",
        "cheque-registrations",
        "collections",
        "households",
        "religions",
        "residents",
        // The hall's queue times (decision 206).
        "queue",
        "kp-record-book",
        "kp-transmittal",
        "kp-cases-by-nature",
        "kp-ltia",
      ].sort(),
    );
    const built = Object.fromEntries(res.body.data.map((r: { name: string; built: boolean }) => [r.name, r.built]));
    expect(built.residents && built.households && built.religions).toBe(true);
  });

  it("counts residents by purok, sex, age group, civil status and sector", async () => {
    const res = await admin.get("/backend/api/reports/residents");
    expect(res.status).toBe(200);
    const cards = Object.fromEntries(res.body.data.cards.map((c: { key: string; value: number }) => [c.key, c.value]));
    expect(cards).toMatchObject({ population: 9, households: 2, senior: 3, voter: 4 });
    const byPurok = section(res.body, "by_purok");
    expect(byPurok.rows).toEqual([
      { purok: "Purok Dos", male: 1, female: 2, not_stated: 1, total: 4 },
      { purok: "Purok Uno", male: 2, female: 2, not_stated: 0, total: 4 },
      { purok: "No purok", male: 1, female: 0, not_stated: 0, total: 1 },
    ]);
    expect(byPurok.totals).toEqual({ purok: "Total", male: 4, female: 4, not_stated: 1, total: 9 });
    const ages = section(res.body, "age_sex");
    const age = (label: string) => ages.rows.find((r) => r.age_group === label);
    expect(age("0–4")).toMatchObject({ male: 1, total: 1 });
    expect(age("15–19")).toMatchObject({ female: 1 });
    expect(age("60–64")).toMatchObject({ female: 2, total: 2 });
    expect(age("80 and over")).toMatchObject({ male: 1 });
    expect(age("Age not stated")).toMatchObject({ not_stated: 1 });
    expect(ages.totals).toMatchObject({ total: 9 });
    const sectors = section(res.body, "sectors");
    expect(sectors.totals).toBeNull();
    const sector = (label: string) => sectors.rows.find((r) => String(r.sector).startsWith(label))?.total;
    expect([
      sector("Senior"),
      sector("Persons"),
      sector("Solo"),
      sector("4Ps"),
      sector("Overseas"),
      sector("Indigenous"),
      sector("Registered"),
    ]).toEqual([3, 1, 1, 1, 1, 1, 4]);
    expect(res.body.data.listing.meta.total).toBe(9);
    expect(res.body.data.listing.rows.map((r: { purok: string }) => r.purok)).toEqual([
      "Purok Dos",
      "Purok Dos",
      "Purok Dos",
      "Purok Dos",
      "Purok Uno",
      "Purok Uno",
      "Purok Uno",
      "Purok Uno",
      "No purok",
    ]);
  });

  it("cuts listing pages across puroks in the same order as the whole listing", async () => {
    const all = (await admin.get("/backend/api/reports/residents?per_page=50")).body.data.listing.rows;
    const pages = [];
    for (const page of [1, 2, 3])
      pages.push(...(await admin.get(`/backend/api/reports/residents?per_page=3&page=${page}`)).body.data.listing.rows);
    expect(pages).toEqual(all);
    const csv = await download(admin, "/backend/api/reports/residents/export.csv");
    const names = csv.bytes
      .toString("utf8")
      .trim()
      .split("\r\n")
      .slice(1)
      .map((line) => line.split(",")[2]);
    expect(names).toEqual(all.map((r: { firstname: string }) => r.firstname));
  });

  it("answers identical requests made at once alike (they share one run)", async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => admin.get("/backend/api/reports/residents?filter[sex]=Male")));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const strip = (body: { data: Record<string, unknown> }) => ({ ...body.data, generated_at: null });
    for (const a of answers) expect(strip(a.body)).toEqual(strip(answers[0].body));
    expect(answers[0].body.data.cards[0].value).toBe(4);
  });

  it("filters by purok (also the bare key), sex, age group, sector and registered date", async () => {
    const total = async (query: string) => (await admin.get(`/backend/api/reports/residents?${query}`)).body.data.cards[0].value;
    expect(await total(`filter[purok_id]=${puroks["Purok Uno"]}`)).toBe(4);
    expect(await total(`purok_id=${puroks["Purok Dos"]}`)).toBe(4);
    expect(await total("filter[sex]=Female")).toBe(4);
    expect(await total("filter[age_group]=60-64")).toBe(2);
    expect(await total("filter[sector]=senior")).toBe(3);
    expect(await total("filter[sector]=voter&filter[sex]=Male")).toBe(2);
    expect(await total(`filter[registered_from]=${today}`)).toBe(9);
    expect(await total("filter[registered_to]=2000-01-01")).toBe(0);
    // Unknown values are dropped, not trusted.
    expect(await total("filter[sex]=Robot&filter[age_group]=x")).toBe(9);
  });

  it("counts households, their sizes and the people at risk by hazard", async () => {
    const res = await admin.get("/backend/api/reports/households");
    expect(res.status).toBe(200);
    const cards = Object.fromEntries(res.body.data.cards.map((c: { key: string; value: number }) => [c.key, c.value]));
    expect(cards).toMatchObject({ households: 2, members: 5, average: "2.50", at_risk: 2 });
    expect(section(res.body, "by_purok").rows).toEqual([
      { purok: "Purok Dos", households: 1, members: 2, average: 2 },
      { purok: "Purok Uno", households: 1, members: 3, average: 3 },
    ]);
    expect(section(res.body, "sizes").totals).toMatchObject({ households: 2, members: 5 });
    expect(section(res.body, "hazards").rows).toEqual([
      { hazard: "Flood", purok: "Purok Dos", affected_area: "Riverside", households: 1, members: 2 },
      { hazard: "Landslide", purok: "Purok Dos", affected_area: "Riverside", households: 1, members: 2 },
    ]);
    expect(res.body.data.listing.totals).toMatchObject({ members: 5 });
    const flood = await admin.get("/backend/api/reports/households?filter[hazard]=Flood");
    expect(flood.body.data.cards[0].value).toBe(1);
  });

  it("crosses religions with puroks", async () => {
    const res = await admin.get("/backend/api/reports/religions");
    expect(res.status).toBe(200);
    expect(section(res.body, "by_religion").rows.map((r) => [r.religion, r.total])).toEqual([
      ["Roman Catholic", 5],
      ["Iglesia ni Cristo", 2],
      ["Not stated", 2],
    ]);
    const cross = section(res.body, "by_purok");
    expect(cross.columns?.map((c) => c.key)).toEqual([
      "religion",
      `p_${puroks["Purok Dos"]}`,
      `p_${puroks["Purok Uno"]}`,
      "p_none",
      "total",
    ]);
    expect(cross.totals).toMatchObject({ total: 9, p_none: 1 });
  });

  it("refuses without manage-report, signed out, and for unknown or unbuilt reports", async () => {
    await createUser(server.db, { username: "noreports", permissions: ["manage-resident"] });
    const other = await signedIn(server, { username: "noreports", password: "Test-Passw0rd!" });
    expect((await other.get("/backend/api/reports/residents")).status).toBe(403);
    expect((await other.get("/backend/api/reports")).body.data).toEqual([]);
    expect((await download(other, "/backend/api/reports/residents/export.xlsx")).status).toBe(403);
    expect((await server.client().get("/backend/api/reports/residents")).status).toBe(401);
    expect((await admin.get("/backend/api/reports/nothing")).status).toBe(404);
    // Issue 10 built the collections report: it answers (empty here) instead of "arrives with".
    const collections = await admin.get(
      "/backend/api/reports/collections?filter[date_issued_from]=2026-11-01&filter[date_issued_to]=2026-11-30",
    );
    expect(collections.status, collections.text).toBe(200);
    expect(collections.body.data.cards.map((c: { key: string }) => c.key)).toEqual(["receipts", "cancelled", "amount"]);
  });

  it("exports every matching row as XLSX with typed cells and the table's totals", async () => {
    const file = await download(admin, `/backend/api/reports/residents/export.xlsx?filter[purok_id]=${puroks["Purok Uno"]}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toContain("spreadsheetml");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.bytes as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual([
      "Population by purok",
      "Population by age group and sex",
      "Civil status",
      "Sectors",
      "Records of Barangay Inhabitants",
    ]);
    const byPurok = book.getWorksheet("Population by purok")!;
    expect(byPurok.getRow(2).values).toEqual([undefined, "Purok Uno", 2, 2, 0, 4]);
    expect(byPurok.getRow(3).values).toEqual([undefined, "Total", 2, 2, 0, 4]);
    const listing = book.worksheets[4];
    expect(listing.rowCount).toBe(1 + 4);
    const dob = listing.getRow(2).getCell(7);
    expect(dob.value).toBeInstanceOf(Date);
    expect(typeof listing.getRow(2).getCell(8).value).toBe("number");
    // Formats and weights: dates as dates, headers and totals bold, the rows between them not
    // (the export shares one style object per column; bold rows keep their own).
    expect(dob.numFmt).toBe("yyyy-mm-dd");
    expect(listing.getRow(3).getCell(7).numFmt).toBe("yyyy-mm-dd");
    expect(listing.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(listing.getRow(2).getCell(1).font?.bold).toBeFalsy();
    expect(byPurok.getRow(3).getCell(1).font?.bold).toBe(true);
    expect(byPurok.getRow(3).getCell(2).font?.bold).toBe(true);
    expect(byPurok.getRow(2).getCell(2).font?.bold).toBeFalsy();
  });

  it("exports a section as CSV", async () => {
    const file = await download(admin, "/backend/api/reports/households/export.csv?section=by_purok");
    expect(file.status).toBe(200);
    const text = file.bytes.toString("utf8").replace(/^\uFEFF/, "");
    expect(text.trim().split("\r\n")).toEqual(["Purok,Households,People,Average size", "Purok Dos,1,2,2", "Purok Uno,1,3,3", "Total,2,5,"]);
    const listing = await download(admin, "/backend/api/reports/residents/export.csv");
    expect(listing.bytes.toString("utf8").trim().split("\r\n")).toHaveLength(1 + 9);
  });
});

describe("dashboard widgets", () => {
  it("sends only the widgets of the user's permissions", async () => {
    const { dashboard } = await import("../../server/features/dashboard/service.ts");
    const { adminContext } = await import("../helpers/people.ts");
    const all = await dashboard(adminContext(server.db));
    expect(all.population).toMatchObject({ total: 9, male: 4, female: 4 });
    expect(all.population?.trend).toHaveLength(12);
    expect(all.population?.trend.at(-1)?.value).toBe(9);
    expect(all.households?.total).toBe(2);
    expect(all.collections).toMatchObject({ today: { count: 0, amount: "0.00" } });
    expect(all.remittances?.pending.count).toBe(0);
    const base = adminContext(server.db);
    const limited = await dashboard({ ...base, user: { ...base.user!, permissions: ["manage-household"] } });
    expect(limited.population).toBeNull();
    expect(limited.households?.total).toBe(2);
    expect(limited.collections).toBeNull();
    expect(limited.disbursements).toBeNull();
    expect(limited.remittances).toBeNull();
    expect(limited.certificates).toBeNull();
    expect((limited.activity ?? []).every((a) => a.entity === "household")).toBe(true);
    const none = await dashboard({ ...base, user: { ...base.user!, permissions: [] } });
    expect(none).toMatchObject({ population: null, households: null, collections: null, activity: null });
  });
});
