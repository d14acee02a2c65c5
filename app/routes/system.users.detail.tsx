import { data } from "react-router";
import type { Route } from "./+types/system.users.detail";
import { UserDetail } from "~/features/access/user-detail-page";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { pageTitle } from "~/lib/titles";
import { serviceContextOf } from "../../server/http/pages/page-kit.server.ts";
import {
  endAllSessions,
  endSession,
  pageUrl,
  redirectWithFlash,
  rethrowForPage,
  userIdOf,
  userPage,
} from "../../server/features/access/pages.server.ts";
import { m } from "@domain/i18n";

// /system/users/{user_id} (spec §2.1): profile, roles, effective permissions, active
// sessions with "Sign out", and the recent audit trail.

export async function loader(args: Route.LoaderArgs) {
  const { detail, flash, init } = await userPage(args);
  return data({ ...detail, flash }, init);
}

export async function action(args: Route.ActionArgs) {
  const { request, params, context } = args;
  const id = userIdOf(params);
  const form = await request.formData();
  const ctx = serviceContextOf(context);
  const back = pageUrl(args).pathname;
  try {
    if (form.get("intent") === "sign-out-session") {
      await endSession(ctx, id, String(form.get("key") ?? ""));
      return redirectWithFlash(args, form, { message: m.admin_sessions_signed_out_one_session(), type: "success" }, back);
    }
    if (form.get("intent") === "sign-out-all") {
      const n = await endAllSessions(ctx, id);
      return redirectWithFlash(
        args,
        form,
        { message: n === 1 ? m.admin_sessions_signed_out_one() : m.admin_sessions_signed_out_other({ count: n }), type: "success" },
        back,
      );
    }
  } catch (error) {
    rethrowForPage(error);
  }
  throw data("Unknown action", { status: 400 });
}

export function meta({ loaderData }: Route.MetaArgs) {
  const name = loaderData?.user.user_profile.fullname;
  return [{ title: name ? `${name} | Portal` : pageTitle("system-users-user") }];
}

export default function UserDetailPage(props: Route.ComponentProps) {
  return <UserDetail loaderData={props.loaderData} />;
}

export const ErrorBoundary = ShellErrorBoundary;
