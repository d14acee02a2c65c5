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

// The hub (issue 29): a second server of the same build with PORTAL_HUB=true, on a port of its own
// and a PGlite folder of its own (playwright.config.ts), for tests/e2e/hub.spec.ts. Its ports lie
// above the main servers' (20000–39999), so a run's hub never takes another run's main port.
export const HUB_PORT = PORT + 20000;
export const HUB_URL = `http://127.0.0.1:${HUB_PORT}`;

/** The hub's administrator, seeded by the hub server (server/features/hub/seed.ts). */
export const HUB_ADMIN = { username: "hubadmin", password: "E2e-Hub-Admin-Pass-2024!" } as const;
