import { House } from "lucide-react";
import { data, Link, useActionData } from "react-router";
import type { SubmissionResult } from "@conform-to/zod/v4";
import type { Route } from "./+types/people.disaster-prone-areas";
import { AreaForm } from "~/features/people/area-form";
import { FormAlert, PeopleDialog } from "~/features/people/dialog";
import { useOwnModals } from "~/components/resource/own-modals";
import { ResourcePage } from "~/components/resource/resource-page";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { Badge } from "~/components/ui/badge";
import { can } from "~/lib/permissions";
import { useRootData } from "~/lib/root-data";
import { pageTitle } from "~/lib/titles";
import { getResource } from "~/resources/index";
import { resourceLoader } from "../../server/web/resource-page.server.ts";
import { serviceContextOf } from "../../server/web/page-kit.server.ts";
import { disasterProneAreaAction, optionsFor, purokSummary } from "../../server/features/people/pages.server.ts";

// /manage/disaster_prone_areas (spec §2.4, issue 4): the registry's list, the form with its check
// call, and each listed purok's "View households" (→ /manage/households?purok_id=). No
// notifications (spec §7.3).

const OWN_MODALS = new Set(["create", "update"]);

export async function loader(args: Route.LoaderArgs) {
  const result = await resourceLoader(args);
  const ctx = serviceContextOf(args.context);
  const [{ purok: puroks }, summary] = await Promise.all([optionsFor(ctx, ["purok"]), purokSummary(ctx)]);
  return data({ ...result.data, puroks, summary, flash: null }, result.init ?? undefined);
}

export function action(args: Route.ActionArgs) {
  return disasterProneAreaAction(args);
}

export function meta() {
  return [{ title: pageTitle("manage-disaster_prone_areas") }];
}

export default function DisasterProneAreasPage({ loaderData }: Route.ComponentProps) {
  const def = getResource("disaster_prone_area");
  const root = useRootData();
  const user = root?.user;
  const actionData = useActionData() as { result?: SubmissionResult<string[]>; refusal?: string } | undefined;
  // A record that is not there: the list's own modal says so ("… not found").
  const { modal, page, closeHref, record, search } = useOwnModals(loaderData, OWN_MODALS, { recordRequired: true });
  const listed = loaderData.summary.filter((p) => p.area_id != null);
  const canSeeHouseholds = can(user, "manage-household");

  return (
    <>
      {actionData?.refusal ? <FormAlert>{actionData.refusal}</FormAlert> : null}
      <ResourcePage def={def} data={page} />
      {listed.length ? (
        <section
          aria-labelledby="prone-households"
          className="mt-4 rounded-xl border bg-card p-4 text-card-foreground shadow-sm"
          data-testid="view-households"
        >
          <h2 id="prone-households" className="mb-3 text-sm font-semibold">
            View households
          </h2>
          <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {listed.map((p) => (
              <li key={p.id} className="flex items-center justify-between gap-2 rounded-md border px-3 py-2">
                <span className="flex min-w-0 flex-col gap-1">
                  <span className="text-sm font-medium">{p.name}</span>
                  <span className="flex flex-wrap gap-1">
                    {p.disaster_types.map((t) => (
                      <Badge key={t} variant="secondary">
                        {t}
                      </Badge>
                    ))}
                  </span>
                </span>
                {canSeeHouseholds ? (
                  <Link
                    to={`/manage/households?purok_id=${p.id}`}
                    className="inline-flex shrink-0 items-center gap-1 text-sm text-primary-ink underline-offset-2 hover:underline"
                  >
                    <House className="size-4" aria-hidden="true" />
                    {p.households} households
                  </Link>
                ) : (
                  <span className="text-sm text-muted-foreground">{p.households} households</span>
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {(modal === "create" && can(user, "create-disaster_prone_area")) ||
      (modal === "update" && record && can(user, "update-disaster_prone_area")) ? (
        <PeopleDialog
          title={modal === "create" ? "Add disaster-prone area" : "Edit disaster-prone area"}
          description="A purok and the hazards it is exposed to. Fields marked * are required."
          closeHref={closeHref}
        >
          <AreaForm
            key={`${modal}-${record?.id ?? "new"}`}
            intent={modal as "create" | "update"}
            record={modal === "update" ? record : null}
            puroks={loaderData.puroks}
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
