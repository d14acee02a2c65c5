import { Ban, KeyRound, LogOut, Pencil } from "lucide-react";
import { Form, Link } from "react-router";
import { AuditCard, PermissionsCard, SessionsCard } from "./user-detail";
import { UserPage } from "./user-page";
import { CsrfInput } from "~/components/csrf-input";
import { Button, buttonVariants } from "~/components/ui/button";
import { withBack } from "@domain/back-path";
import { can } from "@domain/permissions";
import { useRootData } from "~/lib/root-data";
import { HistoryLink } from "~/features/audit/history-link";
import type { LoaderData } from "~/lib/route-data";
import type { loader } from "~/routes/system.users.detail";
import { m } from "@domain/i18n";

/** One account's page: its profile and roles, effective permissions, active sessions with their sign-out, and the recent audit trail. */
export function UserDetail({ loaderData }: { loaderData: LoaderData<typeof loader> }) {
  const root = useRootData();
  const me = root?.user;
  const user = loaderData.user;
  const trashed = user.status === "Trashed";
  const mayManageSessions = can(me, "update-user") || me?.id === user.id;
  return (
    <UserPage
      testId="user-detail"
      list={{ href: "/system/users", label: m.admin_users_title() }}
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
              {m.admin_edit()}
            </Link>
          ) : null}
          {can(me, "delete-user") ? (
            <Link
              to={withBack(`/system/users?modal=reset&id=${user.id}`, `/system/users/${user.id}`)}
              className={buttonVariants({ variant: "outline" })}
            >
              <KeyRound aria-hidden="true" />
              {m.admin_reset_password()}
            </Link>
          ) : null}
          {user.blocked_at && can(me, "manage-blocklist") ? (
            <Link to={`/system/blocklist/${user.id}`} className={buttonVariants({ variant: "outline" })}>
              <Ban aria-hidden="true" />
              {m.admin_blocklist_entry()}
            </Link>
          ) : null}
          {!user.blocked_at && !trashed && me?.id !== user.id && can(me, "create-blocklist") && user.username ? (
            <Link
              to={`/system/blocklist?modal=add&user_search=${encodeURIComponent(user.username)}`}
              className={buttonVariants({ variant: "outline" })}
            >
              <Ban aria-hidden="true" />
              {m.admin_block()}
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
                {m.admin_sessions_sign_out_all()}
              </Button>
            </Form>
          ) : null
        }
      />
      <AuditCard entries={loaderData.audit} />
    </UserPage>
  );
}
