import { Ban, KeyRound, LogOut, Pencil } from "lucide-react";
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/system.users.detail";
import { AuditCard, PermissionsCard, SessionsCard } from "~/features/access/user-detail";
import { UserPage } from "~/features/access/user-page";
import { CsrfInput } from "~/components/csrf-input";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { Button, buttonVariants } from "~/components/ui/button";
import { withBack } from "@domain/back-path";
import { can } from "@domain/permissions";
import { useRootData } from "~/lib/root-data";
import { HistoryLink } from "~/features/audit/history-link";
import { pageTitle } from "~/lib/titles";
import { serviceContextOf } from "../../server/web/page-kit.server.ts";
import {
  endAllSessions,
  endSession,
  pageUrl,
  redirectWithFlash,
  rethrowForPage,
  userIdOf,
  userPage,
} from "../../server/features/access/pages.server.ts";

// /system/users/{user_id} (spec §2.1, issue 5): profile, roles, effective permissions, active
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
      return redirectWithFlash(args, form, { message: "Signed out the session.", type: "success" }, back);
    }
    if (form.get("intent") === "sign-out-all") {
      const n = await endAllSessions(ctx, id);
      return redirectWithFlash(
        args,
        form,
        { message: n === 1 ? "Signed out 1 session." : `Signed out ${n} sessions.`, type: "success" },
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

export default function UserDetailPage({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  const me = root?.user;
  const user = loaderData.user;
  const trashed = user.status === "Trashed";
  const mayManageSessions = can(me, "update-user") || me?.id === user.id;
  return (
    <UserPage
      testId="user-detail"
      list={{ href: "/system/users", label: "Users" }}
      user={user}
      roles={loaderData.roles}
      flash={loaderData.flash}
      actions={
        <>
          <HistoryLink entity="user" id={user.id} />
          {can(me, "update-user") && !trashed ? (
            <Link
              to={withBack(`/system/users?modal=update&id=${user.id}`, `/system/users/${user.id}`)}
              className={buttonVariants({ variant: "outline" })}
            >
              <Pencil aria-hidden="true" />
              Edit
            </Link>
          ) : null}
          {can(me, "delete-user") ? (
            <Link
              to={withBack(`/system/users?modal=reset&id=${user.id}`, `/system/users/${user.id}`)}
              className={buttonVariants({ variant: "outline" })}
            >
              <KeyRound aria-hidden="true" />
              Reset password
            </Link>
          ) : null}
          {user.blocked_at && can(me, "manage-blocklist") ? (
            <Link to={`/system/blocklist/${user.id}`} className={buttonVariants({ variant: "outline" })}>
              <Ban aria-hidden="true" />
              Blocklist entry
            </Link>
          ) : null}
          {!user.blocked_at && !trashed && me?.id !== user.id && can(me, "create-blocklist") && user.username ? (
            <Link
              to={`/system/blocklist?modal=add&user_search=${encodeURIComponent(user.username)}`}
              className={buttonVariants({ variant: "outline" })}
            >
              <Ban aria-hidden="true" />
              Block
            </Link>
          ) : null}
        </>
      }
    >
      <PermissionsCard permissions={loaderData.permissions} />
      <SessionsCard
        sessions={loaderData.sessions}
        canSignOut={mayManageSessions}
        extra={
          can(me, "update-user") && loaderData.sessions.some((s) => !s.current) ? (
            <Form method="post" preventScrollReset>
              <CsrfInput />
              <input type="hidden" name="intent" value="sign-out-all" />
              <Button type="submit" variant="outline" size="sm">
                <LogOut aria-hidden="true" />
                Sign out everywhere
              </Button>
            </Form>
          ) : null
        }
      />
      <AuditCard entries={loaderData.audit} />
    </UserPage>
  );
}

export const ErrorBoundary = ShellErrorBoundary;
