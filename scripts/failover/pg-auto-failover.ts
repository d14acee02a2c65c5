// A pg_auto_failover formation on loopback (decision 213): the monitor, a primary and a
// synchronous standby, each a `pg_autoctl` node in a folder of its own. Used by the failover test
// (tests/failover/failover.test.ts, `npm run test:failover`); `npx tsx scripts/failover/pg-auto-failover.ts`
// starts one by hand, prints its multi-host URI and stops it on Ctrl+C.
//
// No failover logic here: pg_autoctl's keepers and monitor decide and promote. This file creates
// the nodes, shortens the monitor's timers for a test on one machine (see TIMERS), reads the state
// the monitor reports, and kills or restarts a whole node as a lost machine would be.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** Debian's PostgreSQL binaries (pg_autoctl finds pg_ctl on PATH). */
const PG_BIN: string | undefined = fs.existsSync("/usr/lib/postgresql")
  ? fs
      .readdirSync("/usr/lib/postgresql")
      .sort((a, b) => Number(b) - Number(a))
      .map((v) => `/usr/lib/postgresql/${v}/bin`)
      .find((dir) => fs.existsSync(path.join(dir, "pg_ctl")))
  : undefined;

/**
 * The monitor's timers, in milliseconds (GUCs of the pgautofailover extension). Defaults: a node is
 * unhealthy after 20 s without a report and the monitor waits 30 s for a lost primary to demote
 * itself before promoting the standby. On one machine's loopback the test shortens them; the keeper's
 * network_partition_timeout (after which a primary that reaches neither the monitor nor a standby
 * demotes itself) is shortened with them and stays below the monitor's demote timeout, the order
 * that keeps two primaries from taking writes.
 */
export const TIMERS = {
  "pgautofailover.health_check_period": 1000,
  "pgautofailover.health_check_timeout": 1000,
  "pgautofailover.health_check_max_retries": 1,
  "pgautofailover.health_check_retry_delay": 500,
  "pgautofailover.node_considered_unhealthy_timeout": 4000,
  "pgautofailover.primary_demote_timeout": 6000,
};
const KEEPER_NETWORK_PARTITION_TIMEOUT_S = 3;

/** Whether pg_autoctl and PostgreSQL's server binaries are installed. */
export function engineInstalled(): boolean {
  if (!PG_BIN) return false;
  return spawnSync("pg_autoctl", ["--version"], { stdio: "ignore" }).status === 0;
}

const asRoot = typeof process.getuid === "function" && process.getuid() === 0;

/** Runs as the postgres OS user when we are root (pg_autoctl and initdb refuse root). */
function command(args: string[]): [string, string[]] {
  const env = [`PATH=${PG_BIN}:/usr/local/bin:/usr/bin:/bin`, "LANG=C.UTF-8"];
  return asRoot ? ["runuser", ["-u", "postgres", "--", "env", ...env, ...args]] : ["env", [...env, ...args]];
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * A formation: `base` is a temporary folder (owned by postgres when we are root) holding one folder
 * per node and each node's log; ports are base, base+1 (node 1), base+2 (node 2).
 */
export interface FormationNode {
  n: number;
  name: string;
  dir: string;
  port: number;
  child: ChildProcess | null;
}

export interface NodeState {
  name: string;
  reported: string;
  goal: string;
}

export class Formation {
  readonly port: number;
  readonly dbname: string;
  readonly base: string;
  readonly monitorDir: string;
  readonly nodes: FormationNode[];
  readonly monitorUri: string;
  private monitorChild: ChildProcess | null;

  constructor({ port = 55400, dbname = "portal" }: { port?: number; dbname?: string } = {}) {
    this.port = port;
    this.dbname = dbname;
    this.base = fs.mkdtempSync(path.join(os.tmpdir(), "portal-failover-"));
    fs.chmodSync(this.base, 0o755);
    if (asRoot) spawnSync("chown", ["postgres:postgres", this.base]);
    this.monitorDir = path.join(this.base, "monitor");
    this.nodes = [1, 2].map((n) => ({ n, name: `node${n}`, dir: path.join(this.base, `node${n}`), port: port + n, child: null }));
    this.monitorChild = null;
    this.monitorUri = `postgres://autoctl_node@127.0.0.1:${port}/pg_auto_failover?sslmode=disable`;
  }

  /** Runs pg_autoctl and waits for it; throws with its output when it fails. */
  autoctl(args: string[], { allowFail = false } = {}): { status: number | null; stdout: string; stderr: string } {
    const [cmd, argv] = command(["pg_autoctl", ...args]);
    const result = spawnSync(cmd, argv, {
      cwd: this.base,
      encoding: "utf8",
      env: { ...process.env, XDG_CONFIG_HOME: path.join(this.base, "config"), XDG_DATA_HOME: path.join(this.base, "data") },
    });
    if (result.status !== 0 && !allowFail) throw new Error(`pg_autoctl ${args.join(" ")} failed:\n${result.stderr}${result.stdout}`);
    return result;
  }

  /** Starts a long-running pg_autoctl in a process group of its own (so the whole node can be killed). */
  private spawnNode(args: string[], logName: string): ChildProcess {
    const [cmd, argv] = command(["pg_autoctl", ...args]);
    const out = fs.openSync(path.join(this.base, `${logName}.log`), "a");
    const child = spawn(cmd, argv, {
      cwd: this.base,
      detached: true,
      stdio: ["ignore", out, out],
      env: { ...process.env, XDG_CONFIG_HOME: path.join(this.base, "config"), XDG_DATA_HOME: path.join(this.base, "data") },
    });
    fs.closeSync(out);
    child.unref();
    return child;
  }

  psql(port: number, dbname: string, sql: string): string {
    const [cmd, argv] = command([
      "psql",
      "-X",
      "-A",
      "-t",
      "-h",
      "127.0.0.1",
      "-p",
      String(port),
      "-U",
      "postgres",
      "-d",
      dbname,
      "-c",
      sql,
    ]);
    const result = spawnSync(cmd, argv, { encoding: "utf8" });
    if (result.status !== 0) throw new Error(`psql on ${port}: ${result.stderr}`);
    return result.stdout.trim();
  }

  async startMonitor(): Promise<void> {
    this.autoctl([
      "create",
      "monitor",
      "--pgdata",
      this.monitorDir,
      "--pgport",
      String(this.port),
      "--hostname",
      "127.0.0.1",
      "--listen",
      "127.0.0.1",
      "--auth",
      "trust",
      "--no-ssl",
    ]);
    this.monitorChild = this.spawnNode(["run", "--pgdata", this.monitorDir], "monitor");
    await this.until(() => this.tryPsql(this.port, "pg_auto_failover", "select 1") === "1", 30_000, "the monitor to accept connections");
    for (const [name, value] of Object.entries(TIMERS)) this.psql(this.port, "pg_auto_failover", `alter system set ${name} = ${value}`);
    this.psql(this.port, "pg_auto_failover", "select pg_reload_conf()");
  }

  tryPsql(port: number, dbname: string, sql: string): string | null {
    try {
      return this.psql(port, dbname, sql);
    } catch {
      return null;
    }
  }

  /** Creates node n and runs it (`create postgres --run`): the first becomes primary, the second its standby. */
  async startNode(n: 1 | 2): Promise<void> {
    const node = this.nodes[n - 1];
    node.child = this.spawnNode(
      [
        "create",
        "postgres",
        "--pgdata",
        node.dir,
        "--pgport",
        String(node.port),
        "--hostname",
        "127.0.0.1",
        "--listen",
        "127.0.0.1",
        "--name",
        node.name,
        "--dbname",
        this.dbname,
        "--monitor",
        this.monitorUri,
        "--auth",
        "trust",
        "--no-ssl",
        "--run",
      ],
      node.name,
    );
    // Alone, the first node is "single"; the second's arrival makes it "primary".
    const wanted = n === 1 ? "single" : "secondary";
    // The standby's pg_basebackup waits for a spread checkpoint (minutes on an idle server): ask for it now.
    const nudge = n === 2 ? setInterval(() => this.tryPsql(this.nodes[0].port, "postgres", "checkpoint"), 3000) : null;
    try {
      await this.until(() => this.stateOf(node.name) === wanted, 120_000, `${node.name} to be ${wanted}`);
    } finally {
      if (nudge) clearInterval(nudge);
    }
    if (n === 2) await this.until(() => this.stateOf(this.nodes[0].name) === "primary", 60_000, "node1 to be primary");
    this.autoctl(["config", "set", "--pgdata", node.dir, "timeout.network_partition_timeout", String(KEEPER_NETWORK_PARTITION_TIMEOUT_S)]);
  }

  /** Each node's reported and assigned state, from the monitor. */
  states(): NodeState[] {
    const out = this.tryPsql(
      this.port,
      "pg_auto_failover",
      "select nodename || '|' || reportedstate || '|' || goalstate from pgautofailover.node order by nodeid",
    );
    if (!out) return [];
    return out
      .split("\n")
      .filter(Boolean)
      .map((line) => {
        const [name, reported, goal] = line.split("|");
        return { name, reported, goal };
      });
  }

  /** The node's state when reported and assigned agree, else null. */
  stateOf(name: string): string | null {
    const s = this.states().find((x) => x.name === name);
    return s && s.reported === s.goal ? s.reported : null;
  }

  /** The multi-host URI the monitor gives clients (`pg_autoctl show uri --formation default`). */
  uri(): string {
    return this.autoctl(["show", "uri", "--formation", "default", "--monitor", this.monitorUri]).stdout.trim();
  }

  /** Which node is primary now (reported and assigned), or null. */
  primary(): FormationNode | null {
    return this.nodes.find((node) => this.stateOf(node.name) === "primary") ?? null;
  }

  /** The postmaster's pid of a node (first line of postmaster.pid), or null. */
  postmasterPid(node: { dir: string }): number | null {
    const [cmd, argv] = command(["cat", path.join(node.dir, "postmaster.pid")]);
    const result = spawnSync(cmd, argv, { encoding: "utf8" });
    const pid = Number(result.stdout?.split("\n")[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  }

  /**
   * Loses a node as a machine is lost: SIGKILL to its pg_autoctl process group (the keeper and
   * its services) and to its postmaster and every backend, at once.
   */
  killNode(node: FormationNode): number | null {
    const postmaster = this.postmasterPid(node);
    const victims = new Set<number>();
    if (node.child?.pid) victims.add(-node.child.pid);
    if (postmaster) {
      victims.add(postmaster);
      for (const pid of childrenOf(postmaster)) victims.add(pid);
    }
    for (const pid of victims) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        /* already gone */
      }
    }
    node.child = null;
    return postmaster;
  }

  /** Restarts a lost node's keeper (`pg_autoctl run`): it rejoins as the standby of the new primary. */
  restartNode(node: FormationNode): void {
    node.child = this.spawnNode(["run", "--pgdata", node.dir], node.name);
  }

  async until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (await check()) return;
      await sleep(250);
    }
    throw new Error(`timed out waiting for ${what}; states: ${JSON.stringify(this.states())}`);
  }

  /** Stops every node (SIGTERM to each group, SIGKILL after 10 s) and removes the folders. */
  async stop({ keep = false } = {}): Promise<void> {
    const groups = [...this.nodes.map((node) => node.child), this.monitorChild].filter((child): child is ChildProcess => !!child?.pid);
    for (const child of groups) signalGroup(child.pid!, "SIGTERM");
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && groups.some((child) => groupAlive(child.pid!))) await sleep(200);
    for (const child of groups) signalGroup(child.pid!, "SIGKILL");
    // A postmaster left by a killed keeper (the node killed and not restarted).
    for (const node of [...this.nodes, { dir: this.monitorDir }]) {
      const pid = this.postmasterPid(node);
      if (pid && processCommand(pid).includes("postgres")) signalGroup(pid, "SIGKILL", false);
    }
    if (!keep) fs.rmSync(this.base, { recursive: true, force: true });
  }
}

function signalGroup(pid: number, signal: NodeJS.Signals, group = true): void {
  try {
    process.kill(group ? -pid : pid, signal);
  } catch {
    /* gone */
  }
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

function processCommand(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
  } catch {
    return "";
  }
}

/** The pids whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid) found.push(Number(entry));
    } catch {
      /* exited */
    }
  }
  return found;
}

// By hand: start a formation, print its URI, stop on Ctrl+C.
if (import.meta.url === `file://${process.argv[1]}`) {
  if (!engineInstalled()) {
    console.error("pg_auto_failover is not installed: apt-get install -y postgresql-15-auto-failover pg-auto-failover-cli");
    process.exit(1);
  }
  const formation = new Formation({ port: Number(process.env.FAILOVER_PORT) || 55400 });
  const stop = async () => {
    await formation.stop();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  await formation.startMonitor();
  await formation.startNode(1);
  await formation.startNode(2);
  console.log(`formation in ${formation.base}\n${formation.uri()}`);
  setInterval(() => {}, 60_000); // until Ctrl+C
}
