import net from "node:net";
import pg from "pg";
import { afterAll, describe, expect, test } from "vitest";
import { postgresPool } from "./index.ts";
import { databaseClient, parseMultiHostUrl } from "./multi-host.ts";
import { describeDatabaseUrl } from "./wait.ts";

// DATABASE_URL with several servers (decision 213): the parsing, and on PostgreSQL a pool and a
// client that skip a server that is not there. The failover itself (a standby promoted, a
// read-only server skipped) is tests/failover/portal.failover.ts (`npm run test:failover`).

describe("a multi-host DATABASE_URL", () => {
  test("is read as libpq reads it; one server stays pg's own", () => {
    const parsed = parseMultiHostUrl(
      "postgres://app:s3cret@10.0.0.1:5433,db2,[::1]:5434/portal?target_session_attrs=read-write&sslmode=disable",
    )!;
    expect(parsed.servers).toEqual([
      { host: "10.0.0.1", port: 5433 },
      { host: "db2", port: 5432 },
      { host: "::1", port: 5434 },
    ]);
    expect(parsed.targetSessionAttrs).toBe("read-write");
    expect(parsed.urlFor(parsed.servers[1])).toBe("postgres://app:s3cret@db2:5432/portal?sslmode=disable");
    expect(parsed.urlFor(parsed.servers[2])).toBe("postgres://app:s3cret@[::1]:5434/portal?sslmode=disable");
    expect(parseMultiHostUrl("postgres://a:5432,b:5432/portal")!.targetSessionAttrs).toBe("any");
    expect(parseMultiHostUrl("postgresql://a:1,b:2/x?target_session_attrs=primary")!.targetSessionAttrs).toBe("read-write");
    expect(parseMultiHostUrl("postgres://postgres@127.0.0.1:5432/portal")).toBeNull();
    // Messages name the servers, never the password.
    expect(describeDatabaseUrl("postgres://app:s3cret@h1:5433,h2:5433/portal?target_session_attrs=read-write")).toBe(
      "h1:5433,h2:5433/portal",
    );
  });

  test("a single-host URL gives pg's own Client and pool, as before", () => {
    const pool = postgresPool("postgres://postgres@127.0.0.1:5432/postgres");
    expect((pool as unknown as { Client: unknown }).Client).toBe(pg.Client);
    void pool.end();
    expect(databaseClient("postgres://postgres@127.0.0.1:5432/postgres").constructor).toBe(pg.Client);
  });
});

const SERVER = process.env.TEST_DATABASE_URL;

describe.skipIf(!SERVER)("on PostgreSQL", () => {
  const closers: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const close of closers) await close();
  });

  /** A loopback port where nothing listens. */
  async function deadPort(): Promise<number> {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as net.AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    return port;
  }

  function withServers(first: string, second: string): string {
    const url = new URL(SERVER!);
    return `postgres://${url.username ? `${url.username}@` : ""}${first},${second}${url.pathname}?target_session_attrs=read-write`;
  }

  test("each new connection skips a server that is not there and keeps the writable one", async () => {
    const url = new URL(SERVER!);
    const live = `${url.hostname}:${url.port || 5432}`;
    const dead = `127.0.0.1:${await deadPort()}`;
    const pool = postgresPool(withServers(dead, live), 3);
    closers.push(() => pool.end());
    // Three connections at once, each finds the live server; then a statement that writes.
    const clients = await Promise.all([pool.connect(), pool.connect(), pool.connect()]);
    for (const client of clients) {
      const { rows } = await client.query("select inet_server_port() as port, current_setting('transaction_read_only') as ro");
      expect(rows[0]).toEqual({ port: Number(url.port || 5432), ro: "off" });
    }
    clients.forEach((client) => client.release());
    await pool.query("create temporary table multi_host_probe (x int); insert into multi_host_probe values (1)");
  });

  test("with no server there, connecting fails as 'database unavailable' (SQLSTATE 08001) naming both", async () => {
    const [a, b] = [await deadPort(), await deadPort()];
    const client = databaseClient(withServers(`127.0.0.1:${a}`, `127.0.0.1:${b}`));
    const error = (await client.connect().catch((e: unknown) => e)) as Error & { code?: string };
    expect(error.code).toBe("08001");
    expect(error.message).toContain(`No writable database server among 127.0.0.1:${a},127.0.0.1:${b}`);
  });
});
