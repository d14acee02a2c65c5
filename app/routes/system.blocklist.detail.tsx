import { data } from "react-router";
import type { Route } from "./+types/system.blocklist.detail";
import { BlocklistEntry } from "~/features/access/blocklist-entry";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { pageTitle } from "~/lib/titles";
import { requirePermission } from "../../server/http/pages/guards.server.ts";
import { isAppError, serviceContextOf } from "../../server/http/pages/page-kit.server.ts";
import {
  pageUrl,
  redirectWithFlash,
  removeFromBlocklist,
  rethrowForPage,
  updateBlocklistEntry,
  userIdOf,
  userPage,
} from "../../server/features/access/pages.server.ts";

// /system/blocklist/{user_id} (spec §2.1): one blocklist entry — who, since when, by
// whom and why — with "Remove from blocklist" and the reason to edit.

export const middleware: Route.MiddlewareFunction[] = [requirePermission("manage-blocklist")];

export async function loader(args: Route.LoaderArgs) {
  const { detail, flash, init } = await userPage(args, "blocklist");
  return data({ user: detail.user, roles: detail.roles, audit: detail.audit, flash }, init);
}

export async function action(args: Route.ActionArgs) {
  const { request, params, context } = args;
  const id = userIdOf(params);
  const form = await request.formData();
  const ctx = serviceContextOf(context);
  try {
    if (form.get("intent") === "delete") {
      const res = await removeFromBlocklist(ctx, id);
      return redirectWithFlash(args, form, { message: res.message, type: "delete" }, "/system/blocklist");
    }
    if (form.get("intent") === "reason") {
      await updateBlocklistEntry(ctx, id, { reason: form.get("reason") });
      return redirectWithFlash(args, form, { message: "Successfully updated.", type: "success" }, pageUrl(args).pathname);
    }
  } catch (error) {
    if (isAppError(error) && error.status === 422) return data({ errors: error.errors ?? {} }, { status: 422 });
    rethrowForPage(error);
  }
  throw data("Unknown action", { status: 400 });
}

export function meta() {
  return [{ title: pageTitle("system-blocklist-entry") }];
}

export default function BlocklistEntryPage(props: Route.ComponentProps) {
  return <BlocklistEntry loaderData={props.loaderData} actionData={props.actionData} />;
}

export const ErrorBoundary = ShellErrorBoundary;
