import { KeyRound, UserCheck, UserCog } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/system.blocklist.detail";
import { entityOfKind } from "~/features/access/status";
import { AuditCard } from "~/features/access/user-detail";
import { UserPage } from "~/features/access/user-page";
import { CsrfInput } from "~/components/csrf-input";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { Spinner } from "~/components/ui/spinner";
import { Textarea } from "~/components/ui/textarea";
import { can } from "@domain/permissions";
import { useRootData } from "~/lib/root-data";
import { pageTitle } from "~/lib/titles";
import { requirePermission } from "../../server/web/guards.server.ts";
import { isAppError, serviceContextOf } from "../../server/web/page-kit.server.ts";
import {
  pageUrl,
  redirectWithFlash,
  removeFromBlocklist,
  rethrowForPage,
  updateBlocklistEntry,
  userIdOf,
  userPage,
} from "../../server/features/access/pages.server.ts";

// /system/blocklist/{user_id} (spec §2.1, issue 5): one blocklist entry — who, since when, by
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

export default function BlocklistEntryPage({ loaderData, actionData }: Route.ComponentProps) {
  const root = useRootData();
  const me = root?.user;
  const navigation = useNavigation();
  const user = loaderData.user;
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const reasonErrors = (actionData as { errors?: Record<string, string[]> } | undefined)?.errors?.reason;
  return (
    <UserPage
      testId="blocklist-entry"
      list={{ href: "/system/blocklist", label: "Blocklist" }}
      user={user}
      roles={loaderData.roles}
      flash={loaderData.flash}
      actions={
        <>
          {can(me, "delete-blocklist") ? (
            <Form method="post">
              <CsrfInput />
              <input type="hidden" name="intent" value="delete" />
              <Button type="submit" disabled={busy("delete")}>
                {busy("delete") ? <Spinner size="sm" label="Removing…" /> : <UserCheck aria-hidden="true" />}
                Remove from blocklist
              </Button>
            </Form>
          ) : null}
          {can(me, `delete-${entityOfKind(user.kind)}`) ? (
            <Link to={`/system/blocklist?modal=reset_password&id=${user.id}`} className={buttonVariants({ variant: "outline" })}>
              <KeyRound aria-hidden="true" />
              Reset password
            </Link>
          ) : null}
          {user.kind === "staff" && can(me, "manage-user") ? (
            <Link to={`/system/users/${user.id}`} className={buttonVariants({ variant: "outline" })}>
              <UserCog aria-hidden="true" />
              User page
            </Link>
          ) : null}
        </>
      }
    >
      <Card>
        <CardHeader>
          <CardTitle>Why blocked</CardTitle>
          <CardDescription>
            Sign-in is refused with a message that the account is blocked. The reason is seen only by staff.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {can(me, "create-blocklist") ? (
            <Form method="post" className="flex flex-col gap-3">
              <CsrfInput />
              <input type="hidden" name="intent" value="reason" />
              <Label htmlFor="reason">Reason</Label>
              <Textarea
                id="reason"
                name="reason"
                rows={3}
                maxLength={500}
                defaultValue={user.blocked_reason ?? ""}
                aria-invalid={reasonErrors ? true : undefined}
                aria-describedby={reasonErrors ? "reason-error" : undefined}
              />
              {reasonErrors ? (
                <p id="reason-error" className="text-sm text-destructive">
                  {reasonErrors.join(" ")}
                </p>
              ) : null}
              <div>
                <Button type="submit" variant="outline" disabled={busy("reason")}>
                  {busy("reason") ? <Spinner size="sm" label="Saving…" /> : null}
                  Save reason
                </Button>
              </div>
            </Form>
          ) : (
            <p className="text-sm">{user.blocked_reason ?? "Not given."}</p>
          )}
        </CardContent>
      </Card>
      <div className="xl:col-span-2">
        <AuditCard entries={loaderData.audit} />
      </div>
    </UserPage>
  );
}

export const ErrorBoundary = ShellErrorBoundary;
