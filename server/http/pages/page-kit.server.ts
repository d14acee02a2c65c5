import type { SubmissionResult } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import { backPathOf } from "../../../domain/back-path.ts";
import { translatedErrors, translatedMessage } from "../../../domain/i18n/server-messages.ts";
import { isAppError } from "../../errors.ts";
import { getRequestContext } from "./context.ts";
import { flashCookie, type Flash } from "./flash.server.ts";

// The page-adapter kit (DESIGN §3, §8): the pieces every page loader and action shares — the
// page's address, the list address to return to, the redirect with its flash, the page form of a
// service error, and the form's posted ids. Entity page adapters (resource-page, people-pages,
// access-pages, blocklist-page, settings-page) use these and keep only their own logic.

export type PageArgs = { request: Request; context: Readonly<RouterContextProvider>; url?: URL };

/** Spec §8's refusal text of a page action. */
export const FORBIDDEN_PAGE_MESSAGE = "You are not authorize to perform this action";

// The messages below leave in the request's language (issue 33 item 4: the services' English read
// back through domain/i18n/server-messages.ts); an English request gets them as they were.

/**
 * A Conform reply with its field messages in the request's language: pass every
 * `submission.reply()` of a page action through it.
 */
export function replyInLanguage<R extends { error?: Record<string, string[] | null> | null }>(result: R): R {
  return result.error ? { ...result, error: translatedErrors(result.error) } : result;
}

/**
 * The page's own address. React Router hands loaders and actions `url` with its own details removed
 * (the `.data` suffix and `_routes` of client navigations); `request.url` is the raw one.
 */
export function pageUrl({ request, url }: Pick<PageArgs, "request" | "url">): URL {
  if (url) return new URL(url);
  const raw = new URL(request.url);
  raw.pathname = raw.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");
  raw.searchParams.delete("_routes");
  raw.searchParams.delete("index");
  return raw;
}

/**
 * The list's address after a post: the posted `_return` query without the modal keys — or the
 * record page the modal was opened from (its `back` path).
 */
export function returnAddress(args: Pick<PageArgs, "request" | "url">, form: FormData): string {
  const url = pageUrl(args);
  const raw = String(form.get("_return") ?? url.search);
  const back = backPathOf(raw);
  if (back) return back;
  const params = new URLSearchParams(raw.startsWith("?") ? raw.slice(1) : raw);
  params.delete("modal");
  params.delete("id");
  const q = params.toString();
  return `${url.pathname}${q ? `?${q}` : ""}`;
}

/** Redirects to `to` (by default the list's address) with the flash; `null` redirects without one. */
export function redirectWithFlash(args: PageArgs, form: FormData, flash: Flash | null, to?: string) {
  const target = to ?? returnAddress(args, form);
  if (!flash) return redirect(target);
  const rc = getRequestContext(args.context);
  return redirect(target, { headers: { "Set-Cookie": flashCookie(flash, rc.secureCookies) } });
}

/**
 * Spec §8's page handling of a service error: 403 and 404 become error pages, anything else is
 * thrown on. `forbidden` is the 403 text; `null` keeps the service's own message (list loaders).
 */
export function rethrowForPage(error: unknown, forbidden: string | null = FORBIDDEN_PAGE_MESSAGE): never {
  if (isAppError(error)) {
    if (error.status === 403) throw data(translatedMessage(forbidden ?? error.message), { status: 403 });
    if (error.status === 404) throw data(translatedMessage(error.message), { status: 404 });
  }
  throw error;
}

/** A refusal of the rules (a 422 without field errors, such as a restore) as an inline message. */
export function refusal(error: unknown) {
  if (isAppError(error) && error.status === 422) return data({ refusal: translatedMessage(error.message) }, { status: 422 });
  return rethrowForPage(error);
}

const CONFIRM_INTENTS = new Set(["delete", "delete-many", "restore", "restore-many", "undo"]);

/**
 * Runs a list action; a rule that refuses a delete or restore (422: the last Administrator, your
 * own account) comes back as a flash message on the list instead of an error page.
 */
export async function refusalsAsFlash(args: PageArgs, form: FormData, run: () => Promise<unknown>) {
  try {
    return await run();
  } catch (error) {
    if (isAppError(error) && error.status === 422 && CONFIRM_INTENTS.has(String(form.get("intent")))) {
      return redirectWithFlash(args, form, { message: error.message, type: "invalid" });
    }
    throw error;
  }
}

/** The record ids a bulk form posted (`ids`, repeated or comma-separated). */
export function idsOf(form: FormData): number[] {
  return form
    .getAll("ids")
    .flatMap((v) => String(v).split(","))
    .map(Number)
    .filter((n) => Number.isSafeInteger(n) && n > 0);
}

/** Conform names nested fields "a[0].b"; the engine's errors use Laravel's "a.0.b". */
export function toConformFieldErrors(errors: Record<string, string[]>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(errors)) out[key.replace(/\.(\d+)(?=\.|$)/g, "[$1]")] = value;
  return out;
}

/**
 * A service's 422 with field errors as the Conform form's answer (with `extra` data beside
 * `result`), or `null` when the error is something else for the caller to handle.
 */
export function fieldErrorsReply<T extends object = object>(
  submission: { reply(options: { fieldErrors: Record<string, string[]> }): SubmissionResult<string[]> },
  error: unknown,
  extra?: T,
) {
  if (!(isAppError(error) && error.status === 422 && error.errors)) return null;
  return data(
    { result: submission.reply({ fieldErrors: toConformFieldErrors(translatedErrors(error.errors)) }), ...(extra as T) },
    { status: 422 },
  );
}

/**
 * A stored photo at `/photos/{kind}/{id}.webp` as the answer of its loader: 404 for a malformed
 * address or no photo, a service error as its status. The address carries a version (?v=), so
 * the answer may be cached privately for long.
 */
export async function photoResponse(
  file: string | undefined,
  read: (id: number) => Promise<{ content: Uint8Array; mime: string } | null | undefined>,
) {
  const match = /^(\d{1,15})\.webp$/.exec(file ?? "");
  if (!match) throw data(translatedMessage("This page could not be found."), { status: 404 });
  try {
    const photo = await read(Number(match[1]));
    if (!photo) throw data(translatedMessage("This page could not be found."), { status: 404 });
    return new Response(new Uint8Array(photo.content), {
      headers: { "Content-Type": photo.mime, "Cache-Control": "private, max-age=31536000, immutable", "X-Content-Type-Options": "nosniff" },
    });
  } catch (error) {
    if (isAppError(error)) throw data(translatedMessage(error.message), { status: error.status });
    throw error;
  }
}

// What route modules' loaders and actions take from the server core, so that a route imports
// server code only from `*.server.ts` modules (React Router keeps those out of the browser bundle).
export { getRequestContext, serviceContextOf } from "./context.ts";
export { serviceByName, serviceFor } from "../../engine/services.ts";
export { isAppError } from "../../errors.ts";
