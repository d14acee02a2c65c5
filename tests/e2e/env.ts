// Values shared by playwright.config.ts (which starts the server with them) and the tests.

export const PORT = 4173;
export const BASE_URL = `http://127.0.0.1:${PORT}`;

/** The administrator the server seeds on its fresh database (ADMIN_USERNAME / ADMIN_PASSWORD). */
export const ADMIN = {
  username: "admin",
  password: "E2e-Admin-Pass-2024!",
  firstname: "Barangay",
  fullname: "Barangay Administrator",
} as const;
