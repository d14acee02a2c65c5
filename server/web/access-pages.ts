import { data, redirect, type RouterContextProvider } from "react-router";
import { isAppError } from "../errors.ts";
import { resetPassword, MSG_RESET } from "../services/access.ts";
import { getRequestContext, serviceContextOf } from "./context.ts";
import { flashCookie, type Flash } from "./flash.ts";

// Page adapters of issue 5 shared by the access pages: parse the posted form, call the service,
// shape the answer (DESIGN §3: "loaders and actions are adapters").

type Args = { request: Request; context: Readonly<RouterContextProvider>; url?: URL };

/**
 * The page's own address: React Router hands loaders and actions `url` without its details (the
 * `.data` suffix and `_routes` of client navigations); `request.url` is the raw one.
 */
export function pageUrl({ request, url }: Pick<Args, "request" | "url">): URL {
  if (url) return new URL(url);
  const raw = new URL(request.url);
  raw.pathname = raw.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");
  raw.searchParams.delete("_routes");
  raw.searchParams.delete("index");
  return raw;
}

/** Every role for the user form's checkboxes, by name. */
export async function rolesForPicker({ context }: Pick<Args, "context">) {
  const ctx = serviceContextOf(context);
  const rows = await ctx.db.selectFrom("roles").select(["id", "name", "description"]).orderBy("name").execute();
  return rows.map((r) => ({ id: Number(r.id), name: r.name, description: r.description }));
}

/** Spec §8's page handling of a service error: 403 and 404 become error pages, 422 form errors. */
export function rethrowForPage(error: unknown): never {
  if (isAppError(error)) {
    if (error.status === 403) throw data("You are not authorize to perform this action", { status: 403 });
    if (error.status === 404) throw data(error.message, { status: 404 });
  }
  throw error;
}

/** intent=reset / reset_password: answers the generated password once, in the action's data. */
export async function resetPasswordAction({ context }: Args, form: FormData) {
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
    if (isAppError(error) && error.status === 422) return data({ resetErrors: error.errors ?? { password: [error.message] } }, { status: 422 });
    rethrowForPage(error);
  }
}

/** The list's address after a post: the posted `_return` query without the modal keys. */
export function returnAddress(args: Pick<Args, "request" | "url">, form: FormData): string {
  const url = pageUrl(args);
  const raw = String(form.get("_return") ?? url.search);
  const params = new URLSearchParams(raw.startsWith("?") ? raw.slice(1) : raw);
  params.delete("modal");
  params.delete("id");
  const q = params.toString();
  return `${url.pathname}${q ? `?${q}` : ""}`;
}

export function redirectWithFlash(args: Args, form: FormData, flash: Flash, to?: string) {
  const rc = getRequestContext(args.context);
  return redirect(to ?? returnAddress(args, form), { headers: { "Set-Cookie": flashCookie(flash, rc.secureCookies) } });
}

const CONFIRM_INTENTS = new Set(["delete", "delete-many", "restore", "restore-many", "undo"]);

/**
 * Runs a list action; a rule that refuses a delete or restore (422: the last Administrator, your
 * own account) comes back as a flash message on the list instead of an error page.
 */
export async function refusalsAsFlash(args: Args, form: FormData, run: () => Promise<unknown>) {
  try {
    return await run();
  } catch (error) {
    if (isAppError(error) && error.status === 422 && CONFIRM_INTENTS.has(String(form.get("intent")))) {
      return redirectWithFlash(args, form, { message: error.message, type: "invalid" });
    }
    throw error;
  }
}
