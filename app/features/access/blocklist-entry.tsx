import { KeyRound, UserCheck, UserCog } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { entityOfKind } from "./status";
import { AuditCard } from "./user-detail";
import { UserPage } from "./user-page";
import { CsrfInput } from "~/components/csrf-input";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { Spinner } from "~/components/ui/spinner";
import { Textarea } from "~/components/ui/textarea";
import { can } from "@domain/permissions";
import { useRootData } from "~/lib/root-data";
import type { ActionData, LoaderData } from "~/lib/route-data";
import type { action, loader } from "~/routes/system.blocklist.detail";
import { m } from "@domain/i18n";

/** One blocklist entry's page: the account, its actions, why it is blocked, and its audit trail. */
export function BlocklistEntry({
  loaderData,
  actionData,
}: {
  loaderData: LoaderData<typeof loader>;
  actionData: ActionData<typeof action> | undefined;
}) {
  const root = useRootData();
  const me = root?.user;
  const navigation = useNavigation();
  const user = loaderData.user;
  const sending = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const busy = { delete: sending === "delete", reason: sending === "reason" };
  const mayEditReason = can(me, "create-blocklist");
  const reasonErrors = (actionData as { errors?: Record<string, string[]> } | undefined)?.errors?.reason;
  return (
    <UserPage
      testId="blocklist-entry"
      list={{ href: "/system/blocklist", label: m.admin_blocklist_title() }}
      user={user}
      roles={loaderData.roles}
      flash={loaderData.flash}
      actions={
        <>
          {can(me, "delete-blocklist") ? (
            <Form method="post">
              <CsrfInput />
              <input type="hidden" name="intent" value="delete" />
              <Button type="submit" disabled={busy.delete}>
                {busy.delete ? <Spinner size="sm" label={m.admin_removing()} /> : <UserCheck aria-hidden="true" />}
                {m.admin_blocklist_remove_title()}
              </Button>
            </Form>
          ) : null}
          {can(me, `delete-${entityOfKind(user.kind)}`) ? (
            <Link to={`/system/blocklist?modal=reset_password&id=${user.id}`} className={buttonVariants({ variant: "outline" })}>
              <KeyRound aria-hidden="true" />
              {m.admin_reset_password()}
            </Link>
          ) : null}
          {user.kind === "staff" && can(me, "manage-user") ? (
            <Link to={`/system/users/${user.id}`} className={buttonVariants({ variant: "outline" })}>
              <UserCog aria-hidden="true" />
              {m.admin_blocklist_user_page()}
            </Link>
          ) : null}
        </>
      }
    >
      <Card>
        <CardHeader>
          <CardTitle>{m.admin_blocklist_why()}</CardTitle>
          <CardDescription>{m.admin_blocklist_why_description()}</CardDescription>
        </CardHeader>
        <CardContent>
          {mayEditReason ? (
            <Form method="post" className="flex flex-col gap-3">
              <CsrfInput />
              <input type="hidden" name="intent" value="reason" />
              <Label htmlFor="reason">{m.admin_user_reason()}</Label>
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
                <Button type="submit" variant="outline" disabled={busy.reason}>
                  {busy.reason ? <Spinner size="sm" label={m.admin_saving()} /> : null}
                  {m.admin_blocklist_save_reason()}
                </Button>
              </div>
            </Form>
          ) : (
            <p className="text-sm">{user.blocked_reason ?? m.admin_not_given_dot()}</p>
          )}
        </CardContent>
      </Card>
      <div className="xl:col-span-2">
        <AuditCard entries={loaderData.audit} />
      </div>
    </UserPage>
  );
}
