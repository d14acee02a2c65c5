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
