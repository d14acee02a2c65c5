import { sql } from "kysely";
import sharp from "sharp";
import { asOwner } from "../../db/tenant.ts";
import { createTestDatabase } from "../helpers/db.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadAuthUser } from "../../server/auth/sessions.ts";
import type { ServiceContext } from "../../server/context.ts";
import { voucherForPrint } from "../../server/features/disbursements/print.server.ts";
import { officialsOn } from "../../server/features/officials/service.ts";
import { createUser, signedIn, startTestServer, type ApiClient, type TestServer } from "../helpers/server.ts";

// The signing officials with their terms (decision 194): a registry entry with the overlap rule,
// "the officials in office on a date" across a change of treasurer, the voucher's print model
// naming the treasurer of its own date, and the seal and logo uploads with their refusals.

let server: TestServer;
let admin: ApiClient;
let reader: ApiClient; // manage- and view-official only
let adminCtx: ServiceContext;

const TREASURER = "Barangay Treasurer";

async function term(position: string, name: string, term_start: string, term_end: string | null = null, client = admin) {
  return client.post("/backend/api/official", { position, name, term_start, term_end });
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server, server.admin);
  await createUser(server.db, { username: "officials-reader", permissions: ["manage-official", "view-official"] });
  reader = await signedIn(server, { username: "officials-reader", password: "Test-Passw0rd!" });
  const a = await server.db.selectFrom("users").select("id").where("username", "=", server.admin.username).executeTakeFirstOrThrow();
  adminCtx = { db: server.db, user: await loadAuthUser(server.db, a.id) };
});
afterAll(async () => {
  await server?.close();
});

describe("terms", () => {
  let lastYear: number;
  let thisYear: number;

  it("records a term with its dates, open or closed, and lists it", async () => {
    const closed = await term(TREASURER, "Leonora T. Santos", "2023-12-01", "2025-12-31");
    expect(closed.status, closed.text).toBe(201);
    expect(closed.body.data).toMatchObject({
      position: TREASURER,
      name: "Leonora T. Santos",
      term_start: "2023-12-01",
      term_end: "2025-12-31",
    });
    lastYear = closed.body.data.id;
    const open = await term(TREASURER, "Rosario S. Villanueva", "2026-01-01");
    expect(open.status, open.text).toBe(201);
    expect(open.body.data.term_end).toBeNull();
    thisYear = open.body.data.id;
    expect((await term("Punong Barangay", "Hon. Ricardo M. Bautista", "2023-11-30")).status).toBe(201);

    const list = await reader.get("/backend/api/official?filter[position]=Barangay%20Treasurer");
    expect(list.status).toBe(200);
    expect(list.body.data.map((r: { name: string }) => r.name).sort()).toEqual(["Leonora T. Santos", "Rosario S. Villanueva"]);
  });

  it("refuses an overlapping term of the same position with a 422 naming the other term", async () => {
    const res = await term(TREASURER, "Juan P. Dela Cruz", "2025-06-01", "2026-03-31");
    expect(res.status).toBe(422);
    expect(res.body.errors.term_start[0]).toContain("Leonora T. Santos");
    expect(res.body.errors.term_start[0]).toContain("December 1, 2023 – December 31, 2025");

    // An open term overlaps every later day.
    const later = await term(TREASURER, "Juan P. Dela Cruz", "2030-01-01");
    expect(later.status).toBe(422);
    expect(later.body.errors.term_start[0]).toContain("Rosario S. Villanueva");
    expect(later.body.errors.term_start[0]).toContain("open");

    // Another position on the same days is no overlap.
    expect((await term("Barangay Secretary", "Jocelyn R. Mendoza", "2025-06-01")).status).toBe(201);
  });

  it("refuses an edit that makes two terms overlap, and an end before the start", async () => {
    const edit = await admin.put(`/backend/api/official/${lastYear}`, {
      position: TREASURER,
      name: "Leonora T. Santos",
      term_start: "2023-12-01",
      term_end: "2026-01-15",
    });
    expect(edit.status).toBe(422);
    expect(edit.body.errors.term_start[0]).toContain("Rosario S. Villanueva");

    const backwards = await term("Barangay Bookkeeper", "Marites D. Ramos", "2026-05-01", "2026-04-30");
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors.term_end).toEqual(["The term end must be a date after or equal to the term start."]);
  });

  it("a trashed term frees its days; restoring it over another term is refused", async () => {
    expect((await admin.delete(`/backend/api/official/${thisYear}`)).status).toBe(200);
    const replacement = await term(TREASURER, "Juan P. Dela Cruz", "2026-01-01");
    expect(replacement.status, replacement.text).toBe(201);
    const restore = await admin.post("/backend/api/official/restore", { id: thisYear });
    expect(restore.status).toBe(422);
    expect(restore.text).toContain("Juan P. Dela Cruz");
    // Put things back as they were: the replacement goes, Rosario's term returns.
    expect((await admin.delete(`/backend/api/official/${replacement.body.data.id}`)).status).toBe(200);
    expect((await admin.post("/backend/api/official/restore", { id: thisYear })).status).toBe(200);
  });

  it("needs the official permissions to write", async () => {
    expect((await term(TREASURER, "Nobody", "2040-01-01", null, reader)).status).toBe(403);
  });
});

describe("the officials in office on a date", () => {
  it("names last year's treasurer on a day of last year and this year's after the change", async () => {
    expect((await officialsOn({ db: server.db }, "2025-12-31")).treasurer).toBe("Leonora T. Santos");
    expect((await officialsOn({ db: server.db }, "2026-01-01")).treasurer).toBe("Rosario S. Villanueva");
    const before = await officialsOn({ db: server.db }, "2020-01-01");
    expect(before.treasurer).toBe("");
    expect(before.punong_barangay).toBe("");
    expect((await officialsOn({ db: server.db }, "2026-11-05")).punong_barangay).toBe("Hon. Ricardo M. Bautista");
  });

  it("the voucher prints the treasurer in office on its own date", async () => {
    const type = (await admin.post("/backend/api/disbursement_type", { name: "Maintenance and Other Operating Expenses" })).body.data.id;
    const nature = (await admin.post("/backend/api/payment_nature", { name: "Office supplies", disbursement_type_id: type })).body.data.id;
    const voucher = async (voucher_date: string) => {
      const res = await admin.post("/backend/api/disbursement", {
        voucher_date,
        payee: "Reyes Hardware",
        disbursement_type_id: type,
        fund_type: "General Fund",
        particulars: "Supplies for the barangay hall",
        lines: [{ payment_nature_id: nature, amount: "1500.00" }],
      });
      expect(res.status, res.text).toBe(201);
      return res.body.data.id as number;
    };
    const old = await voucherForPrint(adminCtx, await voucher("2025-11-05"));
    expect(old.officials.treasurer).toBe("Leonora T. Santos");
    expect(old.officials.punong_barangay).toBe("Hon. Ricardo M. Bautista");
    const now = await voucherForPrint(adminCtx, await voucher("2026-11-05"));
    expect(now.officials.treasurer).toBe("Rosario S. Villanueva");
  });
});

describe("the seal and the logo", () => {
  /** Posts the bytes as they are (the helper's client sends JSON). */
  async function rawUpload(client: ApiClient, kind: string, body: Uint8Array, type = "image/png") {
    const xsrf = client.cookies.get("XSRF-TOKEN") ?? "";
    const res = await fetch(`${server.url}/backend/api/barangay_image/${kind}`, {
      method: "POST",
      headers: {
        Accept: "application/json",
        "Content-Type": type,
        "X-XSRF-TOKEN": xsrf,
        Cookie: [...client.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("; "),
      },
      body: Buffer.from(body),
    });
    return {
      status: res.status,
      body: (await res.json()) as { message: string; errors?: Record<string, string[]>; data?: { image: string } },
    };
  }

  it("stores an uploaded seal resized within 600 px, and the prints get its address", async () => {
    const png = await sharp({ create: { width: 1200, height: 900, channels: 4, background: { r: 180, g: 20, b: 20, alpha: 0.8 } } })
      .png()
      .toBuffer();
    const res = await rawUpload(admin, "seal", png);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data?.image).toMatch(/^\/images\/barangay\/seal\.webp\?v=/);
    const stored = await server.db.selectFrom("barangay_images").selectAll().where("kind", "=", "seal").executeTakeFirstOrThrow();
    expect(stored.mime).toBe("image/webp");
    expect([stored.width, stored.height]).toEqual([600, 450]);
    const listed = await reader.get("/backend/api/barangay_image");
    expect(listed.body.data.seal).toBe(res.body.data?.image);
    expect(listed.body.data.logo).toBeNull();
  });

  it("refuses a file that is not an image", async () => {
    const res = await rawUpload(admin, "logo", new TextEncoder().encode("%PDF-1.7 not an image at all"), "application/pdf");
    expect(res.status).toBe(422);
    expect(res.body.errors?.logo).toEqual(["The municipal logo must be a JPEG, PNG or WebP image."]);
  });

  it("refuses an image over 2 MB", async () => {
    const big = new Uint8Array(2 * 1024 * 1024 + 10);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const res = await rawUpload(admin, "seal", big);
    expect(res.status).toBe(422);
    expect(res.body.errors?.seal).toEqual(["The barangay seal may not be greater than 2 MB."]);
  });

  it("needs update-official to change them", async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    expect((await rawUpload(reader, "logo", png)).status).toBe(403);
  });
});

describe("the setting of decision 124", () => {
  // A frozen migration runs against the schema of its own day: a database migrated up to the one
  // before it, holding the setting it converts (later migrations, such as the barangays as tenants
  // of decision 209, changed the tables it writes).
  it("becomes open terms from the oldest document's day, and the setting goes", async () => {
    const test = await createTestDatabase({ migrateTo: "20261208400000_collection_cancel_reason" });
    try {
      await asOwner(async () => {
        const officials = { treasurer: "Rosario S. Villanueva", punong_barangay: "Hon. Ricardo M. Bautista" };
        await sql`insert into settings (key, value, updated_at) values ('officials', ${JSON.stringify(officials)}::jsonb, '2025-11-05 09:00+08')`.execute(
          test.db,
        );
        const migration = await import("../../migrations/20261209100000_officials.ts");
        await migration.up(test.db);
        const terms = async () =>
          (await sql<{ position: string; name: string; term_start: string; term_end: string | null }>`
            select position, name, term_start::text, term_end::text from officials order by position`.execute(test.db)).rows;
        expect(await terms()).toEqual([
          { position: TREASURER, name: "Rosario S. Villanueva", term_start: "2025-11-05", term_end: null },
          { position: "Punong Barangay", name: "Hon. Ricardo M. Bautista", term_start: "2025-11-05", term_end: null },
        ].sort((a, b) => a.position.localeCompare(b.position)));
        expect((await sql`select 1 from settings where key = 'officials'`.execute(test.db)).rows).toEqual([]);
        // Back to the setting (the latest term of each position), then forward again.
        await migration.down(test.db);
        const setting = (await sql<{ value: unknown }>`select value from settings where key = 'officials'`.execute(test.db)).rows[0];
        expect(setting?.value).toMatchObject(officials);
      });
    } finally {
      await test.close();
    }
  });
});
