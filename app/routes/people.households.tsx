import { Printer } from "lucide-react";
import { data, Link, useActionData } from "react-router";
import type { SubmissionResult } from "@conform-to/zod/v4";
import type { Route } from "./+types/people.households";
import { FormAlert, PeopleDialog } from "~/features/people/dialog";
import { HouseholdForm } from "~/features/people/household-form";
import { useOwnModals } from "~/components/resource/own-modals";
import { ResourcePage } from "~/components/resource/resource-page";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { can } from "~/lib/permissions";
import { useRootData } from "~/lib/root-data";
import { pageTitle } from "~/lib/titles";
import { getResource } from "~/resources/index";
import { resourceLoader } from "../../server/web/resource-page.server.ts";
import { householdAction } from "../../server/features/people/pages.server.ts";

// /manage/households (spec §2.4, issue 4): the registry's list with its purok filter (`?purok_id=`
// of spec §2.1, from a disaster-prone area's "View households"), the household form, and no
// notifications (§7.3).

const OWN_MODALS = new Set(["create", "update"]);

export async function loader(args: Route.LoaderArgs) {
  const result = await resourceLoader(args);
  // The purok filter (`?purok_id=` or `filter[purok_id]`) is the registry's reference filter; its
  // choices, loaded by the list loader, are the form's puroks too.
  const purokId = result.data.query.filter.purok_id ? Number(result.data.query.filter.purok_id) : null;
  const puroks = result.data.options["filter:purok_id"] ?? [];
  return data({ ...result.data, purokId, puroks, flash: null }, result.init ?? undefined);
}

export function action(args: Route.ActionArgs) {
  return householdAction(args);
}

export function meta() {
  return [{ title: pageTitle("manage-households") }];
}

export default function HouseholdsPage({ loaderData }: Route.ComponentProps) {
  const def = getResource("household");
  const root = useRootData();
  const user = root?.user;
  const actionData = useActionData() as
    { result?: SubmissionResult<string[]>; refusal?: string; names?: Record<string, string> } | undefined;
  // A record that is not there: the list's own modal says so ("… not found").
  const { modal, page, closeHref: listHref, record, search } = useOwnModals(loaderData, OWN_MODALS, { recordRequired: true });
  const closeHref = listHref;

  return (
    <>
      {actionData?.refusal ? <FormAlert>{actionData.refusal}</FormAlert> : null}
      <ResourcePage def={def} data={page} />
      {modal === "create" && can(user, "create-household") ? (
        <PeopleDialog
          title="Create household"
          description="The head, the members and where the house is. Fields marked * are required."
          closeHref={closeHref}
          size="lg"
        >
          <HouseholdForm
            intent="create"
            record={null}
            puroks={loaderData.puroks}
            returnTo={search}
            closeHref={closeHref}
            lastResult={actionData?.result}
            names={actionData?.names}
            initialPurok={loaderData.purokId ? String(loaderData.purokId) : null}
          />
        </PeopleDialog>
      ) : null}
      {modal === "update" && record && can(user, "update-household") ? (
        <PeopleDialog
          title="Edit household"
          description={
            can(user, "view-household") || can(user, "manage-household") ? (
              <Link
                to={`/manage/households/${record.id}/print`}
                target="_blank"
                rel="noreferrer"
                className="inline-flex items-center gap-1 underline underline-offset-2"
              >
                <Printer className="size-3.5" aria-hidden="true" />
                Print the household record
              </Link>
            ) : undefined
          }
          closeHref={closeHref}
          size="lg"
        >
          <HouseholdForm
            intent="update"
            record={record}
            puroks={loaderData.puroks}
            returnTo={search}
            closeHref={closeHref}
            lastResult={actionData?.result}
            names={actionData?.names}
          />
        </PeopleDialog>
      ) : null}
    </>
  );
}

export const ErrorBoundary = ShellErrorBoundary;
