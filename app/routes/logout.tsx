import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { getRequestContext, serviceContextOf } from "../../server/http/pages/page-kit.server.ts";
import { clearedSessionCookieHeader, logout } from "../../server/http/pages/system.server.ts";

// Logout goes to /login (spec §2.2). POST only: a link cannot sign anyone out.
export async function action({ context }: Route.ActionArgs) {
  await logout(serviceContextOf(context));
  throw redirect("/login", { headers: { "Set-Cookie": clearedSessionCookieHeader(getRequestContext(context).secureCookies) } });
}

export function loader() {
  throw redirect("/dashboard");
}
