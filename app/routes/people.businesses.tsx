import { data, useActionData } from "react-router";
import type { SubmissionResult } from "@conform-to/zod/v4";
import type { Route } from "./+types/people.businesses";
import { BusinessForm } from "~/features/people/business-form";
import { FormAlert, PeopleDialog } from "~/features/people/dialog";
import { useOwnModals } from "~/components/resource/own-modals";
import { ResourcePage } from "~/components/resource/resource-page";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { can } from "~/lib/permissions";
import { useRootData } from "~/lib/root-data";
import { pageTitle } from "~/lib/titles";
import { getResource } from "~/resources/index";
import { resourceLoader } from "../../server/web/resource-page.server.ts";
import { serviceContextOf } from "../../server/web/page-kit.server.ts";
import { businessAction, optionsFor } from "../../server/features/people/pages.server.ts";

// /manage/businesses (spec §2.4, issue 4): the registry's list with a form whose owner is picked
// from residents by name.

const OWN_MODALS = new Set(["create", "update"]);

export async function loader(args: Route.LoaderArgs) {
  const result = await resourceLoader(args);
  const modal = result.data.modal;
  const lines =
    modal === "create" || modal === "update" ? (await optionsFor(serviceContextOf(args.context), ["business_line"])).business_line : [];
  return data({ ...result.data, lines }, result.init ?? undefined);
}

export function action(args: Route.ActionArgs) {
  return businessAction(args);
}

export function meta() {
  return [{ title: pageTitle("manage-businesses") }];
}

export default function BusinessesPage({ loaderData }: Route.ComponentProps) {
  const def = getResource("business");
  const root = useRootData();
  const user = root?.user;
  const actionData = useActionData() as { result?: SubmissionResult<string[]>; refusal?: string } | undefined;
  // A record that is not there: the list's own modal says so ("… not found").
  const { modal, page, closeHref, record, search } = useOwnModals(loaderData, OWN_MODALS, { recordRequired: true });
  const open = (modal === "create" && can(user, "create-business")) || (modal === "update" && !!record && can(user, "update-business"));
  return (
    <>
      {actionData?.refusal ? <FormAlert>{actionData.refusal}</FormAlert> : null}
      <ResourcePage def={def} data={page} />
      {open ? (
        <PeopleDialog
          title={modal === "create" ? "Create business" : "Edit business"}
          description="Fields marked * are required."
          closeHref={closeHref}
        >
          <BusinessForm
            key={`${modal}-${record?.id ?? "new"}`}
            intent={modal as "create" | "update"}
            record={modal === "update" ? record : null}
            lines={loaderData.lines}
            returnTo={search}
            closeHref={closeHref}
            lastResult={actionData?.result}
          />
        </PeopleDialog>
      ) : null}
    </>
  );
}

export const ErrorBoundary = ShellErrorBoundary;
