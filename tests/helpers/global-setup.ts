import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGLITE_TEMPLATE_ENV } from "./db.ts";

// Vitest global setup: a folder for this run's PGlite template (see tests/helpers/db.ts), handed to
// the forked test workers through the environment they inherit, and removed after the run.
export default function setup(): () => void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-pglite-template-"));
  process.env[PGLITE_TEMPLATE_ENV] = dir;
  return () => {
    delete process.env[PGLITE_TEMPLATE_ENV];
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
