// Values shared by playwright.config.ts (which starts the server with them) and the tests.

// A port of its own per Playwright run (chosen by the runner, inherited by its workers through the
// environment), so two runs on one machine never meet on one port. PORTAL_E2E_PORT sets it.
const PORT_ENV = "PORTAL_E2E_PORT";
if (!process.env[PORT_ENV]) process.env[PORT_ENV] = String(20000 + (process.pid % 20000));
export const PORT = Number(process.env[PORT_ENV]);
export const BASE_URL = `http://127.0.0.1:${PORT}`;

/** The administrator the server seeds on its fresh database (ADMIN_USERNAME / ADMIN_PASSWORD). */
export const ADMIN = {
  username: "admin",
  password: "E2e-Admin-Pass-2024!",
  firstname: "Barangay",
  fullname: "Barangay Administrator",
} as const;
