import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/db.ts";
import { createUser } from "../../tests/helpers/server.ts";
import {
  createSession,
  fullName,
  generateSessionToken,
  invalidateUserSessions,
  loadAuthUser,
  SESSION_DAYS,
  sessionIdFromToken,
  validateSessionToken,
} from "./sessions.ts";

// DESIGN §1, §6: Lucia-style sessions, a 20-byte random token whose SHA-256 is stored, 30 days
// sliding once half of it is used.

const DAY = 24 * 60 * 60 * 1000;
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
});
afterAll(async () => {
  await database?.close();
});

describe("tokens", () => {
  it("are 20 random bytes in lower-case base32: 32 characters", () => {
    const tokens = Array.from({ length: 100 }, generateSessionToken);
    for (const token of tokens) expect(token).toMatch(/^[a-z2-7]{32}$/);
    expect(new Set(tokens).size).toBe(100);
  });

  it("are stored as the hex SHA-256 of the token", () => {
    // sha256("abc")
    expect(sessionIdFromToken("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    const token = generateSessionToken();
    expect(sessionIdFromToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(sessionIdFromToken(token)).toBe(sessionIdFromToken(token));
  });
});

describe("createSession / validateSessionToken", () => {
  it("creates a 30-day session that validates to the user", async () => {
    const user = await createUser(database.db, { username: "s-create", roles: ["Secretary"] });
    const { token, session } = await createSession(database.db, user.id, { ip: "10.1.1.1", userAgent: "test-agent" });
    expect(session.id).toBe(sessionIdFromToken(token));
    expect(SESSION_DAYS).toBe(30);
    expect(session.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29.9 * DAY);
    expect(session.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 30 * DAY);

    const row = await database.db.selectFrom("sessions").selectAll().where("id", "=", session.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: user.id, ip: "10.1.1.1", user_agent: "test-agent" });

    const valid = await validateSessionToken(database.db, token);
    expect(valid).not.toBeNull();
    expect(valid!.renewed).toBe(false);
    expect(valid!.user).toMatchObject({ id: user.id, username: "s-create", roles: [{ name: "Secretary" }] });
    expect(valid!.user.permissions).toContain("create-resident");
    expect(valid!.user).not.toHaveProperty("password_hash");
  });

  it("reads the session, the user, the roles and the permissions in one query (issue 17 item 4)", async () => {
    const user = await createUser(database.db, { username: "s-one-query", roles: ["Secretary", "Viewer"] });
    const { token } = await createSession(database.db, user.id);
    const statements: string[] = [];
    const counted = database.db.withPlugin({
      transformQuery: (args) => {
        statements.push(args.node.kind);
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const valid = await validateSessionToken(counted, token);
    expect(valid!.user.roles.map((r) => r.name)).toEqual(["Secretary", "Viewer"]);
    expect(valid!.user.permissions).toContain("create-resident");
    expect(statements).toEqual(["RawNode"]);
  });

  it("sees a role taken away, a permission taken from a role and a revoked session at the next check", async () => {
    const user = await createUser(database.db, { username: "s-changes", roles: ["Secretary", "Viewer"] });
    const { token, session } = await createSession(database.db, user.id);
    const secretary = await database.db.selectFrom("roles").select("id").where("name", "=", "Secretary").executeTakeFirstOrThrow();
    expect((await validateSessionToken(database.db, token))!.user.permissions).toContain("create-resident");

    await database.db.deleteFrom("user_roles").where("user_id", "=", user.id).where("role_id", "=", secretary.id).execute();
    const afterRole = (await validateSessionToken(database.db, token))!.user;
    expect(afterRole.roles.map((r) => r.name)).toEqual(["Viewer"]);
    expect(afterRole.permissions).not.toContain("create-resident");

    const viewer = await database.db.selectFrom("roles").select("id").where("name", "=", "Viewer").executeTakeFirstOrThrow();
    const viewerPermissions = await database.db
      .selectFrom("role_permissions")
      .innerJoin("permissions", "permissions.id", "role_permissions.permission_id")
      .select(["permissions.id", "permissions.name"])
      .where("role_permissions.role_id", "=", viewer.id)
      .execute();
    const dropped = viewerPermissions[0];
    await database.db.deleteFrom("role_permissions").where("role_id", "=", viewer.id).where("permission_id", "=", dropped.id).execute();
    try {
      expect((await validateSessionToken(database.db, token))!.user.permissions).not.toContain(dropped.name);
    } finally {
      await database.db.insertInto("role_permissions").values({ role_id: viewer.id, permission_id: dropped.id }).execute();
    }

    await invalidateUserSessions(database.db, user.id);
    expect(await validateSessionToken(database.db, token)).toBeNull();
    expect(await database.db.selectFrom("sessions").select("id").where("id", "=", session.id).executeTakeFirst()).toBeUndefined();
  });

  it("refuses unknown and malformed tokens", async () => {
    expect(await validateSessionToken(database.db, generateSessionToken())).toBeNull();
    expect(await validateSessionToken(database.db, "")).toBeNull();
    expect(await validateSessionToken(database.db, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")).toBeNull();
    expect(await validateSessionToken(database.db, "a".repeat(33))).toBeNull();
  });

  it("does not slide while more than half of the 30 days remain", async () => {
    const user = await createUser(database.db, { username: "s-fresh" });
    const { token, session } = await createSession(database.db, user.id);
    const at = new Date(Date.now() + 16 * DAY);
    await database.db.updateTable("sessions").set({ expires_at: at }).where("id", "=", session.id).execute();
    const valid = await validateSessionToken(database.db, token);
    expect(valid!.renewed).toBe(false);
    expect(valid!.session.expiresAt.getTime()).toBe(at.getTime());
  });

  it("slides to a full 30 days once half is used", async () => {
    const user = await createUser(database.db, { username: "s-slide" });
    const { token, session } = await createSession(database.db, user.id);
    await database.db
      .updateTable("sessions")
      .set({ expires_at: new Date(Date.now() + 14 * DAY) })
      .where("id", "=", session.id)
      .execute();
    const valid = await validateSessionToken(database.db, token);
    expect(valid!.renewed).toBe(true);
    expect(valid!.session.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29.9 * DAY);
    const row = await database.db.selectFrom("sessions").select("expires_at").where("id", "=", session.id).executeTakeFirstOrThrow();
    expect(row.expires_at.getTime()).toBe(valid!.session.expiresAt.getTime());
  });

  it("refuses and removes an expired session", async () => {
    const user = await createUser(database.db, { username: "s-expired" });
    const { token, session } = await createSession(database.db, user.id);
    await database.db
      .updateTable("sessions")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("id", "=", session.id)
      .execute();
    expect(await validateSessionToken(database.db, token)).toBeNull();
    expect(await database.db.selectFrom("sessions").select("id").where("id", "=", session.id).executeTakeFirst()).toBeUndefined();
  });

  it("refuses the sessions of blocked and deleted users", async () => {
    for (const [name, set] of [
      ["s-blocked", { blocked_at: new Date() }],
      ["s-deleted", { deleted_at: new Date() }],
    ] as const) {
      const user = await createUser(database.db, { username: name });
      const { token } = await createSession(database.db, user.id);
      expect(await validateSessionToken(database.db, token)).not.toBeNull();
      await database.db.updateTable("users").set(set).where("id", "=", user.id).execute();
      expect(await validateSessionToken(database.db, token), name).toBeNull();
    }
  });

  it("invalidateUserSessions ends every session but the one kept", async () => {
    const user = await createUser(database.db, { username: "s-many" });
    const a = await createSession(database.db, user.id);
    const b = await createSession(database.db, user.id);
    const c = await createSession(database.db, user.id);
    await invalidateUserSessions(database.db, user.id, a.session.id);
    expect(await validateSessionToken(database.db, a.token)).not.toBeNull();
    expect(await validateSessionToken(database.db, b.token)).toBeNull();
    expect(await validateSessionToken(database.db, c.token)).toBeNull();
  });
});

describe("loadAuthUser", () => {
  it("falls back to the username and the default avatar without a profile", async () => {
    const { id } = await database.db
      .insertInto("users")
      .values({ kind: "resident", username: "bare" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const user = await loadAuthUser(database.db, id);
    expect(user).toMatchObject({
      username: "bare",
      roles: [],
      permissions: [],
      user_profile: { firstname: "bare", fullname: "bare", image: "/default_avatar.png" },
    });
  });

  it("gives the Administrator every permission exactly once, sorted", async () => {
    const admin = await database.db.selectFrom("users").select("id").where("username", "=", "admin").executeTakeFirstOrThrow();
    const user = (await loadAuthUser(database.db, admin.id))!;
    const all = await database.db.selectFrom("permissions").select("name").execute();
    expect(user.permissions).toHaveLength(all.length);
    expect(new Set(user.permissions).size).toBe(all.length);
    expect([...user.permissions].sort()).toEqual(user.permissions);
  });
});

describe("fullName", () => {
  it("joins the non-empty parts", () => {
    expect(fullName({ firstname: "Juan", middlename: "Santos", lastname: "Dela Cruz", suffix: "Jr." })).toBe("Juan Santos Dela Cruz Jr.");
    expect(fullName({ firstname: "Juan", middlename: " ", lastname: null })).toBe("Juan");
  });
});
