import * as React from "react";
import { data, Link, useActionData } from "react-router";
import type { Route } from "./+types/people.residents";
import { FormAlert } from "~/components/resource/form-basics";
import { buttonVariants } from "~/components/ui/button";
import { useOwnModals } from "~/components/resource/own-modals";
import { ResourcePage } from "~/components/resource/resource-page";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { lazyComponent } from "~/lib/lazy-component";
import { can } from "@domain/permissions";
import { useRootData } from "~/lib/root-data";
import { pageTitle } from "~/lib/titles";
import { resourceLoader } from "../../server/http/pages/resource-page.server.ts";
import { serviceContextOf } from "../../server/http/pages/page-kit.server.ts";
import { optionsFor, residentAction, type ResidentActionData } from "../../server/features/people/pages.server.ts";
import { m } from "@domain/i18n";

// /manage/residents (spec §2.4): the registry's list of residents, with the RBI form
// (create, update: the duplicate warning and the photo) and the reset of a resident's password.

const OWN_MODALS = new Set(["create", "update", "reset"]);

// The dialogs' code (the RBI form, Conform, zod) loads when one opens (decision 177).
const ResidentFormDialog = lazyComponent(() => import("~/features/people/resident-dialogs").then((m) => m.ResidentFormDialog));
const ResetDialog = lazyComponent(() => import("~/features/people/resident-dialogs").then((m) => m.ResetDialog));

export async function loader(args: Route.LoaderArgs) {
  const result = await resourceLoader(args);
  const modal = result.data.modal;
  const options =
    modal === "create" || modal === "update"
      ? await optionsFor(serviceContextOf(args.context), ["purok", "religion", "occupation"]).then((o) => ({
          "user_profile.purok_id": o.purok,
          "user_profile.religion_id": o.religion,
          "user_profile.occupation_id": o.occupation,
        }))
      : result.data.options;
  return data({ ...result.data, options }, result.init ?? undefined);
}

export function action(args: Route.ActionArgs) {
  return residentAction(args);
}

export function meta() {
  return [{ title: pageTitle("manage-residents") }];
}

export default function ResidentsPage({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  const user = root?.user;
  const actionData = useActionData() as ResidentActionData | undefined;
  // A record that is not there: the list's own modal says so ("… not found").
  const { modal, page, closeHref, record, search } = useOwnModals(loaderData, OWN_MODALS, { recordRequired: true });
  const canCreate = can(user, "create-resident");
  const canUpdate = can(user, "update-resident");

  // The create and update dialogs are one: the resident form with its duplicate warning.
  const formIntent = modal === "create" && canCreate ? "create" : modal === "update" && canUpdate && record ? "update" : null;
  const reset = modal === "reset" && record && can(user, "delete-resident") ? record : null;

  return (
    <>
      {actionData?.refusal ? <FormAlert>{actionData.refusal}</FormAlert> : null}
      {canCreate ? (
        <div className="flex justify-end">
          <Link to="/manage/residents/import" className={buttonVariants({ variant: "outline", size: "sm" })} data-testid="residents-import">
            {m.people_residents_import()}
          </Link>
        </div>
      ) : null}
      <ResourcePage data={page} />
      {formIntent || reset ? (
        <React.Suspense fallback={null}>
          {formIntent ? (
            <ResidentFormDialog
              intent={formIntent}
              record={formIntent === "update" ? record : null}
              options={loaderData.options}
              returnTo={search}
              closeHref={closeHref}
              lastResult={actionData?.result}
              duplicates={actionData?.duplicates}
            />
          ) : null}
          {reset ? (
            <ResetDialog record={reset} closeHref={closeHref} returnTo={search} reset={actionData?.reset} refusal={actionData?.refusal} />
          ) : null}
        </React.Suspense>
      ) : null}
    </>
  );
}

export const ErrorBoundary = ShellErrorBoundary;
