import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.ts";

describe("parseEnv", () => {
  it("has working defaults", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      NODE_ENV: "production",
      PORT: 3000,
      HOST: "0.0.0.0",
      PGLITE_DIR: "./data",
      ADMIN_USERNAME: "admin",
      SEED_DEMO: true,
      MAINTENANCE_MODE: false,
      LOG_LEVEL: "info",
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("reads a port and a postgres URL", () => {
    const env = parseEnv({ PORT: "8080", DATABASE_URL: "postgresql://portal@db:5432/portal", SEED_DEMO: "false", MAINTENANCE_MODE: "1" });
    expect(env.PORT).toBe(8080);
    expect(env.DATABASE_URL).toBe("postgresql://portal@db:5432/portal");
    expect(env.SEED_DEMO).toBe(false);
    expect(env.MAINTENANCE_MODE).toBe(true);
  });

  it("treats an empty DATABASE_URL as unset", () => {
    expect(parseEnv({ DATABASE_URL: "" }).DATABASE_URL).toBeUndefined();
  });

  it.each(["abc", "70000", "-1", "3.5"])("names the rule when PORT is %s", (port) => {
    expect(() => parseEnv({ PORT: port })).toThrow("Invalid configuration:\n  PORT: PORT must be a whole number from 0 to 65535");
  });

  it.each(["mysql://root@localhost/portal", "localhost:5432", "./data"])("names the rule when DATABASE_URL is %s", (url) => {
    expect(() => parseEnv({ DATABASE_URL: url })).toThrow("DATABASE_URL: DATABASE_URL must start with postgres:// or postgresql://");
  });

  it("lists every problem at once", () => {
    let message = "";
    try {
      parseEnv({ PORT: "x", DATABASE_URL: "mysql://x", ADMIN_PASSWORD: "short", LOG_LEVEL: "loud" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(
      message
        .split("\n")
        .slice(1)
        .map((l) => l.trim().split(":")[0]),
    ).toEqual(["PORT", "DATABASE_URL", "ADMIN_PASSWORD", "LOG_LEVEL"]);
    expect(message).toContain("ADMIN_PASSWORD must be at least 8 characters");
  });

  it("refuses an unusable administrator name", () => {
    expect(() => parseEnv({ ADMIN_USERNAME: "a b" })).toThrow(/ADMIN_USERNAME must be 3 to 50 letters/);
  });
});

describe("PORT left empty", () => {
  it("means the default port, not a random one", () => {
    expect(parseEnv({ PORT: "" }).PORT).toBe(3000);
  });
});

describe("issue 14 settings", () => {
  it("SECURE_COOKIES is auto by default; true and false force it", () => {
    expect(parseEnv({}).SECURE_COOKIES).toBe("auto");
    expect(parseEnv({ SECURE_COOKIES: "true" }).SECURE_COOKIES).toBe(true);
    expect(parseEnv({ SECURE_COOKIES: "no" }).SECURE_COOKIES).toBe(false);
    expect(() => parseEnv({ SECURE_COOKIES: "maybe" })).toThrow("SECURE_COOKIES must be auto, true or false");
  });

  it("TRUST_PROXY=true trusts loopback only, never anyone; a list of addresses and ranges is kept", () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe("loopback");
    expect(parseEnv({ TRUST_PROXY: "10.0.0.5, 172.18.0.0/16,uniquelocal" }).TRUST_PROXY).toBe("10.0.0.5,172.18.0.0/16,uniquelocal");
    expect(() => parseEnv({ TRUST_PROXY: "anyone" })).toThrow("TRUST_PROXY must be");
  });

  it("waits 60 s for the database and bounds page bodies at 1 MB (forms) and 6 MB (uploads) by default", () => {
    expect(parseEnv({})).toMatchObject({ DATABASE_WAIT_SECONDS: 60, FORM_BODY_LIMIT_MB: 1, UPLOAD_BODY_LIMIT_MB: 6 });
    expect(parseEnv({ DATABASE_WAIT_SECONDS: "0" }).DATABASE_WAIT_SECONDS).toBe(0);
    expect(() => parseEnv({ UPLOAD_BODY_LIMIT_MB: "lots" })).toThrow("UPLOAD_BODY_LIMIT_MB");
  });
});

describe("issue 30 items 4 and 6: the replica and the direct address", () => {
  const primary = "postgres://portal@db:5432/portal";
  it("DATABASE_REPLICA_URL and DATABASE_DIRECT_URL are read when set, unset when empty", () => {
    const env = parseEnv({ DATABASE_URL: primary, DATABASE_REPLICA_URL: "postgres://portal@replica:5432/portal", DATABASE_DIRECT_URL: "" });
    expect(env.DATABASE_REPLICA_URL).toBe("postgres://portal@replica:5432/portal");
    expect(env.DATABASE_DIRECT_URL).toBeUndefined();
  });

  it("a replica needs DATABASE_URL, and each must be a postgres address", () => {
    expect(() => parseEnv({ DATABASE_REPLICA_URL: "postgres://portal@replica:5432/portal" })).toThrow(
      "DATABASE_REPLICA_URL: a replica needs DATABASE_URL",
    );
    expect(() => parseEnv({ DATABASE_URL: primary, DATABASE_REPLICA_URL: "replica:5432" })).toThrow(
      "DATABASE_REPLICA_URL: DATABASE_REPLICA_URL must start with postgres:// or postgresql://",
    );
    expect(() => parseEnv({ DATABASE_URL: primary, DATABASE_DIRECT_URL: "db:5432" })).toThrow(
      "DATABASE_DIRECT_URL: DATABASE_DIRECT_URL must start with postgres:// or postgresql://",
    );
  });
});
