import { data } from "react-router";
import type { Route } from "./+types/system.roles";
import { AccessDialog } from "~/features/access/dialog";
import { useOwnModals } from "~/components/resource/own-modals";
import { RoleDeleteDialog } from "~/features/access/role-delete-dialog";
import { RoleForm, type RoleModelView } from "~/features/access/role-form";
import { ResourcePage } from "~/components/resource/resource-page";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { can } from "@domain/permissions";
import { useRootData } from "~/lib/root-data";
import { pageTitle } from "~/lib/titles";
import { getResource } from "@domain/registry/index";
import { resourceAction, resourceLoader } from "../../server/http/pages/resource-page.server.ts";
import { refusalsAsFlash, rethrowForPage, roleModelView } from "../../server/features/access/pages.server.ts";
import { serviceContextOf, serviceFor } from "../../server/http/pages/page-kit.server.ts";
import { m } from "@domain/i18n";

// /system/roles (spec §2.4): the registry's list of roles, with the permission-matrix
// form and a delete that names the members who lose the role.

const OWN_MODALS = new Set(["create", "update", "delete"]);
export const CONFIRM_MEMBERS = () => m.admin_role_confirm_members();

export async function loader(args: Route.LoaderArgs) {
  const result = await resourceLoader(args);
  const modal = result.data.modal;
  const view: RoleModelView | null =
    modal === "create" || modal === "update" ? await roleModelView(serviceContextOf(args.context)).catch(rethrowForPage) : null;
  return data({ ...result.data, view }, result.init ?? undefined);
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.clone().formData();
  if (form.get("intent") === "delete" && !form.get("confirm_members")) {
    const id = Number(form.get("id"));
    const ctx = serviceContextOf(args.context);
    const role =
      Number.isSafeInteger(id) && id > 0
        ? await serviceFor("role")
            .get(ctx, id)
            .catch(() => null)
        : null;
    if (role && Number(role.members_count) > 0) return data({ confirmError: CONFIRM_MEMBERS() }, { status: 422 });
  }
  return refusalsAsFlash(args, form, () => resourceAction(args));
}

export function meta() {
  return [{ title: pageTitle("system-roles") }];
}

export default function RolesPage({ loaderData }: Route.ComponentProps) {
  const def = getResource("role");
  const root = useRootData();
  const user = root?.user;
  const { modal, page, closeHref, record, search } = useOwnModals(loaderData, OWN_MODALS);
  const view = loaderData.view as RoleModelView | null;
  const mayDelete = can(user, "delete-role");
  const editing = (modal === "create" && can(user, "create-role")) || (modal === "update" && !!record && can(user, "update-role"));
  return (
    <>
      <ResourcePage key={def.name} data={page} />
      {editing && view && (modal === "create" || modal === "update") ? (
        <AccessDialog
          title={modal === "create" ? m.admin_roles_create() : m.admin_roles_edit({ name: String(record?.name ?? "") })}
          description={m.admin_roles_form_description()}
          closeHref={closeHref}
          wide="xl"
          testId="resource-modal"
        >
          <RoleForm
            key={`${modal}-${record?.id ?? "new"}`}
            def={def}
            intent={modal}
            record={modal === "update" ? record : null}
            view={view}
            returnTo={search}
            closeHref={closeHref}
          />
        </AccessDialog>
      ) : null}
      {modal === "delete" && record && mayDelete ? (
        <RoleDeleteDialog def={def} record={record} closeHref={closeHref} returnTo={search} />
      ) : null}
    </>
  );
}

export const ErrorBoundary = ShellErrorBoundary;
