import pg from "pg";

// A DATABASE_URL that names several servers, as libpq reads it and as pg_auto_failover's
// `pg_autoctl show uri` prints it (decision 213):
//
//   postgres://user@h1:5432,h2:5432/portal?target_session_attrs=read-write
//
// node-postgres reads one host only. Each new connection here tries the servers in order, the one
// that answered last first, and keeps the first that takes writes (`pg_is_in_recovery()` false and
// `transaction_read_only` off — pg_auto_failover keeps a promoted standby read-only until the old
// primary's demote timeout has passed). A single-host URL never comes here: db/index.ts,
// db/wait.ts and the realtime hub use pg's own Client for it, exactly as before.

export interface ServerAddress {
  host: string;
  port: number;
}

export interface MultiHostUrl {
  servers: ServerAddress[];
  /** "read-write"/"primary": only a writable server; "any" (libpq's default): the first that answers. */
  targetSessionAttrs: "any" | "read-write";
  /** The URL of one server: the same user, database and parameters, with `target_session_attrs` left out. */
  urlFor(server: ServerAddress): string;
}

const URL_SHAPE = /^(postgres(?:ql)?:\/\/)([^@/?#]*@)?([^/?#]*)(.*)$/;

/** The servers of a multi-host URL; null for a URL of one server (or one that is not a URL). */
export function parseMultiHostUrl(databaseUrl: string): MultiHostUrl | null {
  const match = URL_SHAPE.exec(databaseUrl);
  if (!match) return null;
  const [, scheme, userinfo = "", hostList, rest] = match;
  if (!hostList.includes(",")) return null;
  const servers = hostList.split(",").map((item) => {
    const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(item); // [::1]:5432
    const [host, port] = bracketed ? [bracketed[1], bracketed[2]] : (item.split(":") as [string, string | undefined]);
    return { host: decodeURIComponent(host || "localhost"), port: Number(port || 5432) };
  });
  const queryAt = rest.indexOf("?");
  const pathPart = queryAt < 0 ? rest : rest.slice(0, queryAt);
  const params = new URLSearchParams(queryAt < 0 ? "" : rest.slice(queryAt + 1));
  const attrs = params.get("target_session_attrs") ?? "any";
  params.delete("target_session_attrs");
  const query = params.toString();
  return {
    servers,
    targetSessionAttrs: attrs === "read-write" || attrs === "primary" ? "read-write" : "any",
    urlFor: ({ host, port }) =>
      `${scheme}${userinfo}${host.includes(":") ? `[${host}]` : encodeURIComponent(host)}:${port}${pathPart}${query ? `?${query}` : ""}`,
  };
}

/** "h1:5432,h2:5432/portal" for messages (no password). */
export function describeServers(parsed: MultiHostUrl, databaseUrl: string): string {
  const path = URL_SHAPE.exec(databaseUrl)?.[4].split("?")[0] ?? "";
  return `${parsed.servers.map((s) => `${s.host}:${s.port}`).join(",")}${path}`;
}

/** How long a probe waits for a server that does not answer (a lost machine, not a refused port). */
const PROBE_TIMEOUT_MS = 3_000;

/** The server that took writes last, per URL: tried first by the next connection. */
const lastWritable = new Map<string, number>();

/** An error the portal reads as "the database is not there" (SQLSTATE 08001): 503, not 500. */
function noServerError(parsed: MultiHostUrl, databaseUrl: string, reasons: string[]): Error {
  const error = new Error(
    `No ${parsed.targetSessionAttrs === "read-write" ? "writable " : ""}database server among ${describeServers(parsed, databaseUrl)}: ${reasons.join("; ")}`,
  ) as Error & { code: string };
  error.code = "08001";
  return error;
}

async function writable(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query<{ recovery: boolean; read_only: string }>(
    "select pg_is_in_recovery() as recovery, current_setting('transaction_read_only') as read_only",
  );
  return rows[0]?.recovery === false && rows[0]?.read_only === "off";
}

/**
 * The first server that answers (and takes writes, when asked): connects a throwaway client to
 * each in turn. Returns its index in `parsed.servers`.
 */
async function findServer(parsed: MultiHostUrl, databaseUrl: string, config: pg.ClientConfig): Promise<number> {
  const first = lastWritable.get(databaseUrl) ?? 0;
  const order = parsed.servers.map((_, i) => (first + i) % parsed.servers.length);
  const reasons: string[] = [];
  for (const index of order) {
    const server = parsed.servers[index];
    const probe = new pg.Client({
      ...config,
      connectionString: parsed.urlFor(server),
      connectionTimeoutMillis: Math.min(config.connectionTimeoutMillis || PROBE_TIMEOUT_MS, PROBE_TIMEOUT_MS),
    });
    probe.on("error", () => {}); // a server that dies while we close the probe
    try {
      await probe.connect();
      if (parsed.targetSessionAttrs === "any" || (await writable(probe))) {
        lastWritable.set(databaseUrl, index);
        return index;
      }
      reasons.push(`${server.host}:${server.port} is read-only`);
    } catch (error) {
      reasons.push(`${server.host}:${server.port}: ${(error as Error).message || (error as NodeJS.ErrnoException).code}`);
    } finally {
      await probe.end().catch(() => {});
    }
  }
  lastWritable.delete(databaseUrl);
  throw noServerError(parsed, databaseUrl, reasons);
}

/**
 * A pg Client for a multi-host URL. `connect()` finds the server (above), then connects to it and
 * checks again on its own connection, since a failover may fall between the two: a connection that
 * landed on a server that no longer takes writes is closed and fails as "no writable server".
 * The pool drops a connection broken by a failover; the next one finds the new primary.
 */
export function multiHostClientClass(databaseUrl: string, parsed: MultiHostUrl): typeof pg.Client {
  return class MultiHostClient extends pg.Client {
    private readonly baseConfig: pg.ClientConfig;

    constructor(config?: string | pg.ClientConfig) {
      const base: pg.ClientConfig = typeof config === "string" ? {} : { ...config };
      delete base.connectionString;
      super({ ...base, connectionString: parsed.urlFor(parsed.servers[lastWritable.get(databaseUrl) ?? 0]) });
      this.baseConfig = base;
    }

    // pg-pool calls connect(callback); everything else awaits the promise.
    override connect(): Promise<pg.Client>;
    override connect(callback: ((err: Error) => void) | ((err: null, c: pg.Client) => void)): void;
    override connect(callback?: ((err: Error) => void) | ((err: null, c: pg.Client) => void)): Promise<pg.Client> | void {
      const done = this.connectToServer().then(() => this as pg.Client);
      if (!callback) return done;
      const cb = callback as (err: Error | null, c?: pg.Client) => void;
      done.then(
        (client) => cb(null, client),
        (error: Error) => cb(error),
      );
    }

    private async connectToServer(): Promise<void> {
      const index = await findServer(parsed, databaseUrl, this.baseConfig);
      const server = parsed.servers[index];
      const self = this as unknown as { host: string; port: number; connectionParameters: { host: string; port: number } };
      self.host = self.connectionParameters.host = server.host;
      self.port = self.connectionParameters.port = server.port;
      await super.connect();
      if (parsed.targetSessionAttrs === "read-write" && !(await writable(this))) {
        lastWritable.delete(databaseUrl);
        await this.end().catch(() => {});
        throw noServerError(parsed, databaseUrl, [`${server.host}:${server.port} stopped taking writes`]);
      }
    }
  };
}

/** A client for DATABASE_URL, one server or several (the LISTEN connection, the start-up wait). */
export function databaseClient(databaseUrl: string, config: Omit<pg.ClientConfig, "connectionString"> = {}): pg.Client {
  const parsed = parseMultiHostUrl(databaseUrl);
  if (!parsed) return new pg.Client({ ...config, connectionString: databaseUrl });
  const Client = multiHostClientClass(databaseUrl, parsed);
  return new Client(config);
}
