import { data } from "react-router";
import type { Route } from "./+types/people.businesses";
import { BusinessForm } from "~/features/people/business-form";
import { FormListPage } from "~/features/people/form-list-page";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { pageTitle } from "~/lib/titles";
import { resourceLoader } from "../../server/http/pages/resource-page.server.ts";
import { serviceContextOf } from "../../server/http/pages/page-kit.server.ts";
import { businessAction, optionsFor } from "../../server/features/people/pages.server.ts";
import { m } from "@domain/i18n";

// /manage/businesses (spec §2.4): the registry's list with a form whose owner is picked
// from residents by name.

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
  return (
    <FormListPage
      entity="business"
      loaderData={loaderData}
      titles={{ create: m.people_businesses_create(), update: m.people_businesses_update() }}
      description={() => m.people_required_hint()}
    >
      {(form) => <BusinessForm {...form} lines={loaderData.lines} />}
    </FormListPage>
  );
}

export const ErrorBoundary = ShellErrorBoundary;
