import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findResource } from "../../domain/registry/index.ts";
import { describeChanges } from "../../server/features/audit/history.ts";
import { inLanguage } from "../../server/http/locale.ts";
import { createUser, signedIn, startTestServer, type ApiClient, type TestServer } from "../helpers/server.ts";

// Issue 18 item 1: a record's history (GET {entry}/{id}/history, the History tab's service) —
// who, when, from which address, and for a change each field's LABEL with its value before and
// after; deletes, restores and commands (void with its reason, its reversal) included; view-audit
// needed (Administrator and Punong Barangay), 403 without it.

let server: TestServer;
let admin: ApiClient;
let captain: ApiClient;
let secretary: ApiClient;
let purok: number;

type Entry = {
  action: string;
  actionLabel: string;
  user: { id: number; fullname: string } | null;
  ip: string | null;
  reason: string | null;
  at: string;
  changes: { key: string; label: string; before: string; after: string }[];
};

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server, server.admin);
  await createUser(server.db, { username: "captain", firstname: "Kapitan", lastname: "Santos", roles: ["Punong Barangay"] });
  await createUser(server.db, { username: "secretary", firstname: "Sekretarya", lastname: "Reyes", roles: ["Secretary"] });
  captain = await signedIn(server, { username: "captain", password: "Test-Passw0rd!" });
  secretary = await signedIn(server, { username: "secretary", password: "Test-Passw0rd!" });
  purok = (await admin.post("/backend/api/purok", { name: "Purok Uno" })).body.data.id;
});

afterAll(async () => {
  await server?.close();
});

async function history(client: ApiClient, path: string): Promise<Entry[]> {
  const res = await client.get(path);
  expect(res.status, res.text).toBe(200);
  return res.body.data.entries as Entry[];
}

describe("a resident's history", () => {
  it("lists the change with field labels, before and after, who and from which address; newest first", async () => {
    const created = await secretary.post("/backend/api/resident", {
      user_profile: { lastname: "Dela Cruz", firstname: "Maria", sex: "Female", date_of_birth: "1990-03-04", civil_status: "Single", purok_id: purok },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.data.id;
    const row = created.body.data;
    const changed = await secretary.put(`/backend/api/resident/${id}`, {
      ...row,
      user_profile: { ...row.user_profile, lastname: "Dela Cruz", firstname: "Maria", civil_status: "Married", place_of_birth: "Cebu City" },
    });
    expect(changed.status, changed.text).toBe(200);

    const entries = await history(admin, `/backend/api/resident/${id}/history`);
    expect(entries.map((e) => e.action)).toEqual(["update", "create"]);
    const update = entries[0];
    expect(update.actionLabel).toBe("Changed");
    expect(update.user?.fullname).toBe("Sekretarya Reyes");
    expect(update.ip).toMatch(/127\.0\.0\.1|::1/);
    expect(update.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ label: "Civil status", before: "Single", after: "Married" }),
        expect.objectContaining({ label: "Place of birth", before: "", after: "Cebu City" }),
      ]),
    );
    // Labels, never column names.
    expect(update.changes.map((c) => c.label)).not.toContain("civil_status");
  });

  it("reads in Filipino for a Filipino reader: the action, the fields' labels, an option's value (issue 33 item 4)", async () => {
    const created = await secretary.post("/backend/api/resident", {
      user_profile: { lastname: "Santos", firstname: "Ana", sex: "Female", date_of_birth: "1991-05-06", civil_status: "Single", purok_id: purok },
    });
    expect(created.status, created.text).toBe(201);
    const row = created.body.data;
    const changed = await secretary.put(`/backend/api/resident/${row.id}`, { ...row, user_profile: { ...row.user_profile, civil_status: "Married" } });
    expect(changed.status, changed.text).toBe(200);
    const user = await createUser(server.db, { username: "mambabasa", roles: ["Administrator"] });
    await server.db.updateTable("users").set({ language: "fil" }).where("id", "=", user.id).execute();
    const reader = await signedIn(server, { username: "mambabasa", password: "Test-Passw0rd!" });
    const [update, create] = await history(reader, `/backend/api/resident/${row.id}/history`);
    expect([update.actionLabel, create.actionLabel]).toEqual(["Binago", "Ginawa"]);
    expect(update.changes).toEqual([expect.objectContaining({ label: "Katayuang sibil", before: "Walang asawa", after: "May asawa" })]);
    expect(create.changes).toEqual(expect.arrayContaining([expect.objectContaining({ label: "Apelyido", before: "", after: "Santos" })]));
    // The English reader's history is the spec's words, the stored values as they are.
    const [enUpdate] = await history(admin, `/backend/api/resident/${row.id}/history`);
    expect(enUpdate.changes).toEqual([expect.objectContaining({ label: "Civil status", before: "Single", after: "Married" })]);
    // A receipt's lines: each part by its term.
    const lines = (locale: "en" | "fil") =>
      inLanguage(locale, () => describeChanges(findResource("collection"), null, { lines: [{ nature: "Fee", amount: "1" }] }))[0]?.after;
    expect(lines("en")).toBe("Nature: Fee; Amount: 1");
    expect(lines("fil")).toBe("Uri: Fee; Halaga: 1");
  });

  it("includes the delete and the restore, each with who and when", async () => {
    const created = await admin.post("/backend/api/resident", {
      user_profile: { lastname: "Bautista", firstname: "Pedro", sex: "Male", date_of_birth: "1970-01-02", civil_status: "Married", purok_id: purok },
    });
    const id = created.body.data.id;
    expect((await secretary.delete(`/backend/api/resident/${id}`)).status).toBe(200);
    expect((await admin.post("/backend/api/resident/restore", { id })).status).toBe(200);
    const entries = await history(captain, `/backend/api/resident/${id}/history`);
    expect(entries.map((e) => [e.action, e.actionLabel, e.user?.fullname])).toEqual([
      ["restore", "Restored", "Barangay Administrator"],
      ["delete", "Deleted", "Sekretarya Reyes"],
      ["create", "Created", "Barangay Administrator"],
    ]);
    // A new record lists its first values by label.
    expect(entries[2].changes).toEqual(expect.arrayContaining([expect.objectContaining({ label: "Last name", before: "", after: "Bautista" })]));
    expect(entries[2].changes.map((c) => c.label)).not.toContain("Age");
  });

  it("is refused (403) without view-audit; the Punong Barangay holds it", async () => {
    const id = (await admin.get("/backend/api/resident?per_page=1")).body.data[0].id;
    const refused = await secretary.get(`/backend/api/resident/${id}/history`);
    expect(refused.status).toBe(403);
    expect(refused.body.entries).toBeUndefined();
    expect((await captain.get(`/backend/api/resident/${id}/history`)).status).toBe(200);
    expect((await admin.get(`/backend/api/access_log/1/history`)).status).toBe(404);
  });
});

describe("commands in the history", () => {
  it("shows a void with its reason and state before and after, then its reversal", async () => {
    const bank = await admin.post("/backend/api/bank", { code: "LBP", name: "Land Bank of the Philippines" });
    const account = await admin.post("/backend/api/bank_account", {
      bank_id: bank.body.data.id,
      account_name: "Barangay General Fund",
      account_number: "0012-3456-78",
      fund_type: "General Fund",
    });
    const book = await admin.post("/backend/api/cheque_book", {
      bank_account_id: account.body.data.id,
      cheque_book_code: "LBP-H",
      series: "0007001",
      quanty_generated: 5,
    });
    expect(book.status, book.text).toBe(201);
    const leaf = (await admin.get(`/backend/api/cheque_number?filter[cheque_book_id]=${book.body.data.id}&sort=number&per_page=1`)).body.data[0];
    expect((await admin.put(`/backend/api/cheque_number/void/${leaf.id}`, { reason: "Torn while printing" })).status).toBe(200);
    expect((await admin.put(`/backend/api/cheque_number/unvoid/${leaf.id}`, {})).status).toBe(200);

    const entries = await history(admin, `/backend/api/cheque_number/${leaf.id}/history`);
    // The reversal is newest; each command writes one entry per change it made (state, reason).
    const labels = [...new Set(entries.map((e) => e.actionLabel))];
    expect(labels).toEqual(["Restored", "Voided"]);
    const voids = entries.filter((e) => e.action === "void");
    expect(voids.every((e) => e.reason === "Torn while printing")).toBe(true);
    const changes = (action: string) => entries.filter((e) => e.action === action).flatMap((e) => e.changes);
    expect(changes("void")).toEqual(expect.arrayContaining([expect.objectContaining({ label: "State", before: "available", after: "void" })]));
    expect(changes("restore")).toEqual(expect.arrayContaining([expect.objectContaining({ label: "State", before: "void", after: "available" })]));
    expect(entries.every((e) => e.user?.fullname === "Barangay Administrator")).toBe(true);
  });
});
