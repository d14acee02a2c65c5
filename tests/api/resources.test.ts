import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESOURCES, restBase } from "../../domain/registry/index.ts";
import { ACTIONS } from "../../domain/permissions.ts";
import { createUser, signedIn, startTestServer, type ApiClient, type TestServer } from "../helpers/server.ts";
import { firstRequiredText, sampleInput } from "../helpers/resources.ts";

// Generated from the registry (issue 3 "Tests"): every entry, every action of spec §7.2 over REST,
// by a role that holds the permission (succeeds, audited) and one that lacks it (403, unchanged).

let server: TestServer;
let admin: ApiClient;
let nobody: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server, server.admin);
  // Holds every permission except those of the entity under test's actions: none at all here.
  const user = await createUser(server.db, { username: "clerk", permissions: ["manage-parameter"] });
  nobody = await signedIn(server, user);
});

afterAll(async () => {
  await server?.close();
});

async function auditCount(entity: string, action: string): Promise<number> {
  const row = await server.db
    .selectFrom("audit_log")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("entity", "=", entity)
    .where("action", "=", action)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function rowCount(table: string): Promise<number> {
  const row = await server.db
    .selectFrom(table as "users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// Entries whose rows are only generated (form numbers of a pad, issue 10) have no create to run.
describe.each(RESOURCES.filter((def) => def.modals.includes("create")).map((def) => [def.name, def] as const))(
  "resource %s",
  (_name, def) => {
    const base = `/backend${restBase(def)}`;
    // Roles and permissions are removed for good (deletion "hard"): no trashed state, no restore.
    const hard = def.deletion === "hard";
    const table = def.storage.kind === "user" ? "users" : def.storage.table;

    it("creates, reads, lists, updates, deletes and restores with the permission, each audited", async () => {
      const input = await sampleInput(admin, def, "a");
      const created = await admin.post(base, input);
      expect(created.status, created.text).toBe(201);
      expect(created.body.message).toBe("Successfully saved.");
      const id = created.body.data.id as number;
      expect(created.body.data.status).toBe("Active");
      expect(created.body.data).not.toHaveProperty("password_hash");
      expect(await auditCount(def.name, "create")).toBeGreaterThanOrEqual(1);

      const one = await admin.get(`${base}/${id}`);
      expect(one.status).toBe(200);
      expect(one.body.data.id).toBe(id);

      for (const listPath of [base, `${base}/index_trashed`]) {
        const list = await admin.get(`${listPath}?per_page=100`);
        expect(list.status).toBe(200);
        expect(list.body.data.some((r: { id: number }) => r.id === id)).toBe(true);
        expect(list.body.meta).toMatchObject({ current_page: 1, per_page: 100 });
        expect(list.body.links).toHaveProperty("first");
      }

      // An entry without free text (cheque numbers: digits from their book) is updated as it is.
      const field = firstRequiredText(def);
      const changed = structuredClone(input);
      if (field) {
        const parts = field.name.split(".");
        let node = changed as Record<string, unknown>;
        for (const p of parts.slice(0, -1)) node = node[p] as Record<string, unknown>;
        node[parts[parts.length - 1]] = `Niño Dela Cruz ${def.name}`.slice(0, field.maxLength ?? 100);
      }
      const updated = await admin.put(`${base}/${id}`, changed);
      if (def.modals.includes("update")) {
        expect(updated.status, updated.text).toBe(200);
        expect(updated.body.message).toBe("Successfully updated.");
        expect(await auditCount(def.name, "update")).toBeGreaterThanOrEqual(1);
      } else {
        // A printed document (an official receipt) is never edited: it is cancelled and issued anew.
        expect(updated.status, updated.text).toBe(422);
      }

      const deleted = await admin.delete(`${base}/${id}`);
      expect(deleted.status).toBe(200);
      if (hard) {
        expect(deleted.body.message).toMatch(/^Successfully deleted .+\.$/);
        expect((await admin.get(`${base}/${id}`)).status).toBe(404);
        expect(await auditCount(def.name, "delete")).toBeGreaterThanOrEqual(1);
        const gone = await admin.post(`${base}/restore`, { ...deleted.body.data });
        expect(gone.status).toBe(422);
        return;
      }
      expect(deleted.body.data.status).toBe(def.voidWording ? "Void" : (def.trashedLabel ?? "Trashed"));
      expect(deleted.body.message).toMatch(
        def.cancel ? /^Successfully cancelled .+\.$/ : def.voidWording ? /^Successfully voided .+\.$/ : /^Successfully deleted .+\.$/,
      );

      const trashed = await admin.get(`${base}?status=trashed&per_page=100`);
      expect(trashed.body.data.map((r: { id: number }) => r.id)).toContain(id);
      const active = await admin.get(`${base}?status=active&per_page=100`);
      expect(active.body.data.map((r: { id: number }) => r.id)).not.toContain(id);

      const restored = await admin.post(`${base}/restore`, { ...deleted.body.data });
      expect(restored.status).toBe(200);
      expect(restored.body.data.status).toBe("Active");
      expect(restored.body.message).toMatch(/^Successfully (restored|unvoided) .+\.$/);
      expect(await auditCount(def.name, "restore")).toBeGreaterThanOrEqual(1);
    });

    it("multi-deletes and multi-restores with the count in the message", async () => {
      const a = await admin.post(base, await sampleInput(admin, def, "m"));
      const b = await admin.post(base, await sampleInput(admin, def, "m"));
      expect([a.status, b.status]).toEqual([201, 201]);
      const records = [a.body.data, b.body.data];
      const body = def.multiBody === "ids" ? { ids: records.map((r) => r.id) } : records;
      const del = await admin.post(`${base}/multiple_delete_${def.restPath}`, body);
      if (def.cancel) {
        // An issued document is cancelled one at a time, each with its reason.
        expect(del.status).toBe(422);
        return;
      }
      expect(del.status).toBe(200);
      expect(del.body.data).toBe(2);
      // Staff users go through the user calls of spec §7.3, worded "removed" (spec §8).
      const verb = def.name === "user" ? "removed" : def.voidWording ? "voided" : "deleted";
      expect(del.body.message).toBe(`Successfully ${verb} 2 ${def.labels.plural}.`);
      // Nothing left to delete: a 422 naming the ids, not "0 deleted" (and no query over an empty list).
      const again = await admin.post(`${base}/multiple_delete_${def.restPath}`, body);
      expect(again.status).toBe(422);
      expect(again.body.errors.ids[0]).toContain(`#${records[0].id}`);
      const res = await admin.post(`${base}/multiple_restore_${def.restPath}`, body);
      if (hard) {
        expect(res.status).toBe(422);
        return;
      }
      expect(res.body.data).toBe(2);
      expect(res.body.message).toBe(`Successfully ${def.voidWording ? "unvoided" : "restored"} 2 ${def.labels.plural}.`);
    });

    it("counts with an optional query", async () => {
      const all = await admin.get(`${base}/count`);
      expect(all.status).toBe(200);
      expect(typeof all.body.data).toBe("number");
      const listed = await admin.get(`${base}?per_page=1`);
      expect(all.body.data).toBe(listed.body.meta.total);
      const none = await admin.get(`${base}/count?search=${encodeURIComponent("no such thing zzq")}`);
      expect(none.body.data).toBe(0);
    });

    it("refuses every action without its permission (403) and changes nothing", async () => {
      const existing = await admin.post(base, await sampleInput(admin, def, "p"));
      const id = existing.body.data.id as number;
      const before = await rowCount(table);
      const input = await sampleInput(admin, def, "q");
      const beforeAfterSample = await rowCount(table);
      const auditAfterSample = await rowCount("audit_log");
      expect(beforeAfterSample).toBeGreaterThanOrEqual(before);

      const attempts = [
        nobody.get(base),
        nobody.get(`${base}/${id}`),
        nobody.get(`${base}/count`),
        nobody.post(base, input),
        nobody.put(`${base}/${id}`, input),
        nobody.delete(`${base}/${id}`),
        nobody.post(`${base}/restore`, { id }),
        nobody.post(`${base}/multiple_delete_${def.restPath}`, def.multiBody === "ids" ? { ids: [id] } : [{ id }]),
        nobody.post(`${base}/multiple_restore_${def.restPath}`, def.multiBody === "ids" ? { ids: [id] } : [{ id }]),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.status, res.text).toBe(403);
        expect(res.body).toEqual({ message: "This action is unauthorized." });
      }
      expect(await rowCount(table)).toBe(beforeAfterSample);
      expect(await rowCount("audit_log")).toBe(auditAfterSample);
      const still = await admin.get(`${base}/${id}`);
      expect(still.body.data.status).toBe("Active");
    });

    it("answers 401 to a signed-out client", async () => {
      const anon = server.client();
      await anon.csrf();
      expect((await anon.get(base)).status).toBe(401);
      expect((await anon.post(base, {})).status).toBe(401);
    });

    it.skipIf(!firstRequiredText(def))(
      "refuses bad input with 422 and the field's message, and stores Filipino names exactly",
      async () => {
        const field = firstRequiredText(def);
        const key = field.name;
        const input = await sampleInput(admin, def, "b");
        const set = (value: unknown) => {
          const copy = structuredClone(input) as Record<string, unknown>;
          const parts = key.split(".");
          let node = copy;
          for (const p of parts.slice(0, -1)) node = node[p] as Record<string, unknown>;
          if (value === undefined) delete node[parts[parts.length - 1]];
          else node[parts[parts.length - 1]] = value;
          return copy;
        };
        const missing = await admin.post(base, set(undefined));
        expect(missing.status).toBe(422);
        expect(missing.body.errors[key]?.[0]).toMatch(/field is required\.$/);
        expect(missing.body.message).toBe(missing.body.errors[key][0]);

        const blank = await admin.post(base, set("   "));
        expect(blank.status).toBe(422);

        const tooLong = await admin.post(base, set("x".repeat((field.maxLength ?? 255) + 1)));
        expect(tooLong.status).toBe(422);
        expect(tooLong.body.errors[key]?.[0]).toMatch(/must not be greater than \d+ characters\.$/);

        const wrongType = await admin.post(base, set(12345));
        expect(wrongType.status).toBe(422);

        const tricky = `Niño'; DROP TABLE users;-- <script>alert(1)</script> 🇵🇭 ${def.name}`.slice(0, field.maxLength ?? 255);
        const stored = await admin.post(base, set(tricky));
        expect(stored.status, stored.text).toBe(201);
        const back = await admin.get(`${base}/${stored.body.data.id}`);
        const parts = key.split(".");
        let value = back.body.data as Record<string, unknown>;
        for (const p of parts) value = value[p] as Record<string, unknown>;
        expect(value).toBe(tricky.trim());

        const notJson = await admin.request("POST", base, { body: "{not json", headers: { "Content-Type": "application/json" } });
        expect(notJson.status).toBe(400);
      },
    );

    if (def.unique?.length) {
      it("refuses a duplicate unique value with 422, never a 500", async () => {
        const input = await sampleInput(admin, def, "u");
        expect((await admin.post(base, input)).status).toBe(201);
        const column = def.unique![0];
        const upper = { ...input, [column]: String(input[column]).toUpperCase() };
        const dup = await admin.post(base, upper);
        expect(dup.status).toBe(422);
        expect(dup.body.errors[column]).toEqual([`The ${column.replace(/_/g, " ")} has already been taken.`]);
      });
    }
  },
);

describe("tRPC twins of the registry", () => {
  it("lists and creates through resource.* with the same permission checks", async () => {
    const def = RESOURCES.find((d) => d.name === "religion")!;
    const call = (client: ApiClient, path: string, input: unknown) => client.post(`/trpc/${path}`, input);
    const ok = await call(admin, "resource.create", { resource: def.name, data: { name: "Tadtarin Faith" } });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.result.data.name).toBe("Tadtarin Faith");
    const denied = await call(nobody, "resource.create", { resource: def.name, data: { name: "Another Faith" } });
    expect(denied.status).toBe(403);
    const invalid = await call(admin, "resource.create", { resource: def.name, data: { name: "" } });
    expect(invalid.status).toBe(422);
    expect(invalid.body.error.data.errors.name).toEqual(["The name field is required."]);
    const list = await admin.get(
      `/trpc/resource.list?input=${encodeURIComponent(JSON.stringify({ resource: def.name, query: { search: "Tadtarin" } }))}`,
    );
    expect(list.status).toBe(200);
    expect(list.body.result.data.data.map((r: { name: string }) => r.name)).toEqual(["Tadtarin Faith"]);
  });
});

describe("permission names", () => {
  it("has every action-entity permission of each registry entry seeded", async () => {
    const names = new Set((await server.db.selectFrom("permissions").select("name").execute()).map((p) => p.name));
    for (const def of RESOURCES)
      for (const action of ACTIONS) {
        // A read-only entry (the access log, decision 180) has only the list and read permissions.
        const expected = !def.readOnly || action === "manage" || action === "view";
        expect(names.has(`${action}-${def.name}`), `${action}-${def.name}`).toBe(expected);
      }
  });
});
