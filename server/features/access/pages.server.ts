import { data } from "react-router";
import { isAppError } from "../../errors.ts";
import { resetPassword, MSG_RESET, userDetail } from "./access.ts";
import { serviceContextOf } from "../../http/pages/context.ts";
import { rethrowForPage, type PageArgs } from "../../http/pages/page-kit.server.ts";
import { readFlash } from "../../http/pages/flash.server.ts";

// Page adapters shared by the access pages: parse the posted form, call the service,
// shape the answer (DESIGN §3: "loaders and actions are adapters"). The shared pieces are in the
// page-adapter kit, re-exported here for the routes that take them from this module.

export { pageUrl, redirectWithFlash, refusalsAsFlash, rethrowForPage } from "../../http/pages/page-kit.server.ts";
// The access services that route modules call directly, named here so routes import only `.server` modules.
export { endAllSessions, endSession, userDetail } from "./access.ts";
export { myNotificationPreferences, mySessions, readUserPhoto } from "./account.ts";
export { removeFromBlocklist, updateBlocklistEntry } from "./blocklist.ts";
export { roleModelView } from "./roles.ts";

/** The user a user page's address names (/system/users/{user_id}, /system/blocklist/{user_id}); a malformed id is a 404. */
export function userIdOf(params: { user_id?: string }): number {
  const id = Number(params.user_id);
  if (!Number.isSafeInteger(id) || id < 1) throw data("This page could not be found.", { status: 404 });
  return id;
}

/** What a user page's loader reads: the user's detail (through the users' or the blocklist's gate) and the flash. */
export async function userPage(
  { request, params, context }: Pick<PageArgs, "request" | "context"> & { params: { user_id?: string } },
  gate: "user" | "blocklist" = "user",
) {
  const detail = await userDetail(serviceContextOf(context), userIdOf(params), { gate }).catch(rethrowForPage);
  const { flash, clear } = readFlash(request);
  return { detail, flash, init: clear ? { headers: { "Set-Cookie": clear } } : undefined };
}

/** Every role for the user form's checkboxes, by name. */
export async function rolesForPicker({ context }: Pick<PageArgs, "context">) {
  const ctx = serviceContextOf(context);
  const rows = await ctx.db.selectFrom("roles").select(["id", "name", "description"]).orderBy("name").execute();
  return rows.map((r) => ({ id: Number(r.id), name: r.name, description: r.description }));
}

/** intent=reset / reset_password: answers the generated password once, in the action's data. */
export async function resetPasswordAction({ context }: PageArgs, form: FormData) {
  const ctx = serviceContextOf(context);
  const id = Number(form.get("id"));
  const typed = form.get("mode") === "type" ? String(form.get("password") ?? "") : "";
  if (form.get("mode") === "type" && !typed) {
    return data({ resetErrors: { password: ["Type a password, or choose Generate."] } }, { status: 422 });
  }
  try {
    const result = await resetPassword(ctx, { id, password: typed || null });
    return data({ reset: { ...result, message: MSG_RESET } }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (isAppError(error) && error.status === 422)
      return data({ resetErrors: error.errors ?? { password: [error.message] } }, { status: 422 });
    rethrowForPage(error);
  }
}
