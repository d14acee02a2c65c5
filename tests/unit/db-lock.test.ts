import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { lockDataFolder, openDatabase } from "../../db/index.ts";

// DESIGN §2: PGlite allows one process per data folder; a second holder is refused clearly.

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-lock-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A pid that certainly ran and certainly no longer runs. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  const pid = child.pid!;
  await new Promise((resolve) => child.on("exit", resolve));
  return pid;
}

describe("lockDataFolder", () => {
  it("writes our pid and removes the lock on release", () => {
    const dir = tempDir();
    const release = lockDataFolder(dir);
    const lock = path.join(dir, "portal.lock");
    expect(fs.readFileSync(lock, "utf8").split("\n")[0]).toBe(String(process.pid));
    release();
    expect(fs.existsSync(lock)).toBe(false);
  });

  it("creates a folder that does not exist yet", () => {
    const dir = path.join(tempDir(), "nested", "data");
    const release = lockDataFolder(dir);
    expect(fs.existsSync(path.join(dir, "portal.lock"))).toBe(true);
    release();
  });

  it("refuses a folder held by another live process, naming it and the way out", () => {
    const dir = tempDir();
    const holder = process.ppid; // the vitest main process: alive while we run
    // The lock names the holder with its start time (/proc/<pid>/stat field 22), as lockDataFolder writes it.
    const stat = fs.readFileSync(`/proc/${holder}/stat`, "utf8");
    const started = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
    const content = `${holder}\n${started}\n`;
    fs.writeFileSync(path.join(dir, "portal.lock"), content);
    expect(() => lockDataFolder(dir)).toThrow(`is in use by another Portal process (pid ${holder})`);
    expect(() => lockDataFolder(dir)).toThrow(/PGLITE_DIR .* DATABASE_URL/);
    // The holder's lock is left alone.
    expect(fs.readFileSync(path.join(dir, "portal.lock"), "utf8")).toBe(content);
  });

  it("refuses while a real child process holds the lock, and takes over after it exits", async () => {
    const dir = tempDir();
    const script = `
      import(${JSON.stringify(new URL("../../db/index.ts", import.meta.url).href)}).then(({ lockDataFolder }) => {
        lockDataFolder(${JSON.stringify(dir)});
        process.stdout.write("locked\\n");
        process.stdin.on("data", () => process.exit(0));
      });`;
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: ["pipe", "pipe", "inherit"] });
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("locked") && resolve());
        child.on("exit", (code) => reject(new Error(`lock holder exited early with ${code}`)));
      });
      expect(fs.readFileSync(path.join(dir, "portal.lock"), "utf8").split("\n")[0]).toBe(String(child.pid));
      expect(() => lockDataFolder(dir)).toThrow(`pid ${child.pid}`);
    } finally {
      const exited = new Promise((resolve) => child.on("exit", resolve));
      child.stdin!.end("bye\n");
      await exited;
    }
    // The holder died without releasing (process.exit): its stale lock is taken over.
    const release = lockDataFolder(dir);
    expect(fs.readFileSync(path.join(dir, "portal.lock"), "utf8").split("\n")[0]).toBe(String(process.pid));
    release();
  });

  it("takes over a lock left by a process that no longer runs", async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, "portal.lock"), String(await deadPid()));
    const release = lockDataFolder(dir);
    expect(fs.readFileSync(path.join(dir, "portal.lock"), "utf8").split("\n")[0]).toBe(String(process.pid));
    release();
  });

  it("takes over a lock file that holds garbage", () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, "portal.lock"), "not a pid");
    const release = lockDataFolder(dir);
    expect(fs.readFileSync(path.join(dir, "portal.lock"), "utf8").split("\n")[0]).toBe(String(process.pid));
    release();
  });

  it("takes over a lock whose pid now belongs to an unrelated process (issue 14 item 8)", async () => {
    const dir = tempDir();
    const unrelated = spawn("sleep", ["30"], { stdio: "ignore" });
    try {
      // Written by a portal that ran with this pid before a reboot: another start time.
      fs.writeFileSync(path.join(dir, "portal.lock"), `${unrelated.pid}\n1\n`);
      const release = lockDataFolder(dir);
      expect(fs.readFileSync(path.join(dir, "portal.lock"), "utf8").split("\n")[0]).toBe(String(process.pid));
      release();
      // An old lock with the pid alone, held now by a program that is no portal.
      fs.writeFileSync(path.join(dir, "portal.lock"), String(unrelated.pid));
      lockDataFolder(dir)();
    } finally {
      unrelated.kill();
    }
  });

  it("makes openDatabase refuse a held folder before touching it", async () => {
    const dir = tempDir();
    const stat = fs.readFileSync(`/proc/${process.ppid}/stat`, "utf8");
    fs.writeFileSync(path.join(dir, "portal.lock"), `${process.ppid}\n${stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]}\n`);
    await expect(openDatabase({ pgliteDir: dir })).rejects.toThrow(/in use by another Portal process/);
    expect(fs.readdirSync(dir)).toEqual(["portal.lock"]);
  });
});
