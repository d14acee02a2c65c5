import { data, Link } from "react-router";
import type { Route } from "./+types/system.users";
import { AccessDialog } from "~/features/access/dialog";
import { useOwnModals } from "~/components/resource/own-modals";
import { ResetPasswordDialog } from "~/features/access/reset-password-dialog";
import { UserForm } from "~/features/access/user-form";
import { ResourcePage } from "~/components/resource/resource-page";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { can } from "@domain/permissions";
import { useRootData } from "~/lib/root-data";
import { pageTitle } from "~/lib/titles";
import { getResource } from "@domain/registry/index";
import { resourceAction, resourceLoader } from "../../server/http/pages/resource-page.server.ts";
import { refusalsAsFlash, resetPasswordAction, rolesForPicker } from "../../server/features/access/pages.server.ts";
import { m } from "@domain/i18n";

// /system/users (spec §2.4): the registry's list page of staff users, with the user form
// (Generate buttons, roles) and the password reset of this page in place of the generic modals.

const OWN_MODALS = new Set(["create", "update", "reset"]);

export async function loader(args: Route.LoaderArgs) {
  const result = await resourceLoader(args);
  const modal = result.data.modal;
  const roles = modal === "create" || modal === "update" ? await rolesForPicker(args) : [];
  return data({ ...result.data, roles }, result.init ?? undefined);
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.clone().formData();
  if (form.get("intent") === "reset") return resetPasswordAction(args, form);
  return refusalsAsFlash(args, form, () => resourceAction(args));
}

export function meta() {
  return [{ title: pageTitle("system-users") }];
}

/** The same list address with the reset dialog of one user open. */
function resetQuery(search: string, id: unknown): string {
  const params = new URLSearchParams(search);
  params.set("modal", "reset");
  params.set("id", String(id));
  return params.toString();
}

export default function UsersPage({ loaderData }: Route.ComponentProps) {
  const def = getResource("user");
  const root = useRootData();
  const user = root?.user;
  const { modal, page, closeHref, record, search } = useOwnModals(loaderData, OWN_MODALS);
  const may = { create: can(user, "create-user"), update: can(user, "update-user"), reset: can(user, "delete-user") };
  return (
    <>
      <ResourcePage key={def.name} data={page} />
      {(modal === "create" && may.create) || (modal === "update" && record && may.update) ? (
        <AccessDialog
          title={modal === "create" ? m.admin_users_create() : m.admin_users_edit()}
          description={
            modal === "create" ? (
              m.admin_users_create_description()
            ) : (
              <span className="flex flex-wrap gap-x-3 gap-y-1">
                <span>{m.admin_users_editing({ name: String(record?.name ?? "") })}</span>
                <Link to={`/system/users/${record?.id}`} className="underline underline-offset-2 hover:text-foreground">
                  {m.admin_users_open_page()}
                </Link>
                {may.reset ? (
                  <Link
                    to={`?${resetQuery(search, record?.id)}`}
                    preventScrollReset
                    className="underline underline-offset-2 hover:text-foreground"
                  >
                    {m.admin_reset_password()}
                  </Link>
                ) : null}
              </span>
            )
          }
          closeHref={closeHref}
          wide="md"
          testId="resource-modal"
        >
          <UserForm
            key={`${modal}-${record?.id ?? "new"}`}
            def={def}
            intent={modal}
            record={modal === "update" ? record : null}
            roles={loaderData.roles}
            returnTo={search}
            closeHref={closeHref}
          />
        </AccessDialog>
      ) : null}
      {modal === "reset" && record && may.reset ? (
        <ResetPasswordDialog record={record} closeHref={closeHref} returnTo={search} />
      ) : null}
    </>
  );
}

export const ErrorBoundary = ShellErrorBoundary;
