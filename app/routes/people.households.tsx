import { Printer } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/people.households";
import { FormListPage } from "~/features/people/form-list-page";
import { HouseholdForm } from "~/features/people/household-form";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { can } from "@domain/permissions";
import { useRootData } from "~/lib/root-data";
import { pageTitle } from "~/lib/titles";
import { resourceLoader } from "../../server/http/pages/resource-page.server.ts";
import { householdAction } from "../../server/features/people/pages.server.ts";
import { m } from "@domain/i18n";

// /manage/households (spec §2.4): the registry's list with its purok filter (`?purok_id=`
// of spec §2.1, from a disaster-prone area's "View households"), the household form, and no
// notifications (§7.3).

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
  const user = useRootData()?.user;
  const printLink = (record: { id: number }) =>
    can(user, "view-household") || can(user, "manage-household") ? (
      <Link
        to={`/manage/households/${record.id}/print`}
        target="_blank"
        rel="noreferrer"
        className="inline-flex items-center gap-1 underline underline-offset-2"
      >
        <Printer className="size-3.5" aria-hidden="true" />
        {m.people_households_print_record()}
      </Link>
    ) : undefined;
  return (
    <FormListPage
      entity="household"
      loaderData={loaderData}
      titles={{ create: m.people_households_create(), update: m.people_households_update() }}
      description={(modal, record) =>
        modal === "create" ? m.people_households_description() : printLink(record!)
      }
      size="lg"
    >
      {(form, actionData) => (
        <HouseholdForm
          {...form}
          puroks={loaderData.puroks}
          names={actionData?.names}
          initialPurok={form.intent === "create" && loaderData.purokId ? String(loaderData.purokId) : null}
        />
      )}
    </FormListPage>
  );
}

export const ErrorBoundary = ShellErrorBoundary;
