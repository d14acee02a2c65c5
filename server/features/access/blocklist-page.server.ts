import { data } from "react-router";
import { blocklist as def } from "../../../domain/registry/access.ts";
import { parseListQuery } from "../../../domain/registry/list-query.ts";
import { isAppError } from "../../errors.ts";
import * as blocklist from "./blocklist.ts";
import { serviceContextOf } from "../../http/pages/context.ts";
import { readFlash } from "../../http/pages/flash.server.ts";
import { resetPasswordAction } from "./pages.server.ts";
import { idsOf, pageUrl, redirectWithFlash, refusalsAsFlash, rethrowForPage, type PageArgs } from "../../http/pages/page-kit.server.ts";

// The page adapter of /system/blocklist: the list through the engine and the
// blocklist service's add, remove, multi-remove and reset password as form intents.

type Args = PageArgs;

export async function blocklistLoader(args: Args) {
  const { request, context } = args;
  const ctx = serviceContextOf(context);
  const url = pageUrl(args);
  const query = parseListQuery(url.searchParams, def);
  const page = await blocklist.listBlocklist(ctx, query, url.pathname).catch(rethrowForPage);
  const modal = url.searchParams.get("modal");
  const id = Number(url.searchParams.get("id"));
  let record: Record<string, unknown> | null = null;
  if ((modal === "delete" || modal === "reset_password") && Number.isSafeInteger(id) && id > 0)
    record = await blocklist.getBlocklistEntry(ctx, id).catch(() => null);
  const userSearch = (url.searchParams.get("user_search") ?? "").slice(0, 100);
  const candidates = modal === "add" ? await blocklist.blockCandidates(ctx, userSearch).catch(() => []) : [];
  const { flash, clear } = readFlash(request);
  return data({ query, page, modal, record, candidates, userSearch, flash }, clear ? { headers: { "Set-Cookie": clear } } : undefined);
}

export async function blocklistAction(args: Args) {
  const ctx = serviceContextOf(args.context);
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = Number(form.get("id"));
  try {
    switch (intent) {
      case "add": {
        try {
          const res = await blocklist.addToBlocklist(ctx, {
            user_id: form.get("user_id") || undefined,
            reason: form.get("reason") || null,
          });
          return redirectWithFlash(args, form, { message: res.message, type: "success" });
        } catch (error) {
          if (isAppError(error) && error.status === 422)
            return data({ addErrors: error.errors ?? { user_id: [error.message] } }, { status: 422 });
          throw error;
        }
      }
      case "delete":
        return await refusalsAsFlash(args, form, async () => {
          const res = await blocklist.removeFromBlocklist(ctx, id);
          return redirectWithFlash(args, form, { message: res.message, type: "delete" });
        });
      case "delete-many": {
        const res = await blocklist.removeManyFromBlocklist(ctx, idsOf(form));
        return redirectWithFlash(args, form, { message: res.message, type: "delete" });
      }
      case "restore": {
        const res = await blocklist.restoreToBlocklist(ctx, id);
        return redirectWithFlash(args, form, { message: res.message, type: "restore" });
      }
      case "reset_password":
        return await resetPasswordAction(args, form);
      default:
        throw data(`Unknown action ${intent || "(none)"}`, { status: 400 });
    }
  } catch (error) {
    if (isAppError(error) && error.status === 422) return redirectWithFlash(args, form, { message: error.message, type: "invalid" });
    rethrowForPage(error);
  }
}
