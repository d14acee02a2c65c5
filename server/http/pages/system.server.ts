// The services that the shell, sign-in, sign-out and system routes call, for route modules: a
// route imports server code only from `*.server.ts` modules, which React Router keeps out of the
// browser bundle (DESIGN §3). The rules stay in the services; this module only names them.

export { diagnostics } from "../../system/diagnostics.ts";
export { getBarangayInfo, setMaintenanceMode } from "../../system/settings.ts";
export { login, logout } from "../../auth/sign-in.ts";
export { clearedSessionCookieHeader, sessionCookieHeader, xsrfCookieHeader } from "../cookies.ts";
export { newCsrfToken } from "../auth-middleware.ts";
