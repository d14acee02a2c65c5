import { House } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/people.disaster-prone-areas";
import { AreaForm } from "~/features/people/area-form";
import { FormListPage } from "~/features/people/form-list-page";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { Badge } from "~/components/ui/badge";
import { can } from "@domain/permissions";
import { useRootData } from "~/lib/root-data";
import { pageTitle } from "~/lib/titles";
import { resourceLoader } from "../../server/http/pages/resource-page.server.ts";
import { serviceContextOf } from "../../server/http/pages/page-kit.server.ts";
import { disasterProneAreaAction, optionsFor, purokSummary } from "../../server/features/people/pages.server.ts";
import { term } from "@domain/i18n/terms";
import { m } from "@domain/i18n";

// /manage/disaster_prone_areas (spec §2.4): the registry's list, the form with its check
// call, and each listed purok's "View households" (→ /manage/households?purok_id=). No
// notifications (spec §7.3).

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
  const user = useRootData()?.user;
  const listed = loaderData.summary.filter((p) => p.area_id != null);
  const canSeeHouseholds = can(user, "manage-household");
  const households = listed.length ? (
    <section
      aria-labelledby="prone-households"
      className="mt-4 rounded-xl border bg-card p-4 text-card-foreground shadow-sm"
      data-testid="view-households"
    >
      <h2 id="prone-households" className="mb-3 text-sm font-semibold">
        {m.people_areas_view_households()}
      </h2>
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {listed.map((p) => (
          <li key={p.id} className="flex items-center justify-between gap-2 rounded-md border px-3 py-2">
            <span className="flex min-w-0 flex-col gap-1">
              <span className="text-sm font-medium">{p.name}</span>
              <span className="flex flex-wrap gap-1">
                {p.disaster_types.map((t) => (
                  <Badge key={t} variant="secondary">
                    {term(t)}
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
                {m.people_areas_households({ count: p.households })}
              </Link>
            ) : (
              <span className="text-sm text-muted-foreground">{m.people_areas_households({ count: p.households })}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  ) : null;

  return (
    <FormListPage
      entity="disaster_prone_area"
      loaderData={loaderData}
      titles={{ create: m.people_areas_create(), update: m.people_areas_update() }}
      description={() => m.people_areas_description()}
      afterList={households}
    >
      {(form) => <AreaForm {...form} puroks={loaderData.puroks} />}
    </FormListPage>
  );
}

export const ErrorBoundary = ShellErrorBoundary;
