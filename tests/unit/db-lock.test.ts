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
    expect(fs.readFileSync(lock, "utf8")).toBe(String(process.pid));
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
    fs.writeFileSync(path.join(dir, "portal.lock"), String(holder));
    expect(() => lockDataFolder(dir)).toThrow(`is in use by another Portal process (pid ${holder})`);
    expect(() => lockDataFolder(dir)).toThrow(/PGLITE_DIR .* DATABASE_URL/);
    // The holder's lock is left alone.
    expect(fs.readFileSync(path.join(dir, "portal.lock"), "utf8")).toBe(String(holder));
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
      expect(fs.readFileSync(path.join(dir, "portal.lock"), "utf8")).toBe(String(child.pid));
      expect(() => lockDataFolder(dir)).toThrow(`pid ${child.pid}`);
    } finally {
      const exited = new Promise((resolve) => child.on("exit", resolve));
      child.stdin!.end("bye\n");
      await exited;
    }
    // The holder died without releasing (process.exit): its stale lock is taken over.
    const release = lockDataFolder(dir);
    expect(fs.readFileSync(path.join(dir, "portal.lock"), "utf8")).toBe(String(process.pid));
    release();
  });

  it("takes over a lock left by a process that no longer runs", async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, "portal.lock"), String(await deadPid()));
    const release = lockDataFolder(dir);
    expect(fs.readFileSync(path.join(dir, "portal.lock"), "utf8")).toBe(String(process.pid));
    release();
  });

  it("takes over a lock file that holds garbage", () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, "portal.lock"), "not a pid");
    const release = lockDataFolder(dir);
    expect(fs.readFileSync(path.join(dir, "portal.lock"), "utf8")).toBe(String(process.pid));
    release();
  });

  it("makes openDatabase refuse a held folder before touching it", async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, "portal.lock"), String(process.ppid));
    await expect(openDatabase({ pgliteDir: dir })).rejects.toThrow(/in use by another Portal process/);
    expect(fs.readdirSync(dir)).toEqual(["portal.lock"]);
  });
});
