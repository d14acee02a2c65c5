import { data } from "react-router";
import type { Route } from "./+types/people.household.print";
import { HouseholdSheet } from "~/features/people/household-sheet";
import { PrintErrorBoundary } from "~/components/print/print-bar";
import { pageTitle } from "~/lib/titles";
import { serviceContextOf } from "../../server/http/pages/page-kit.server.ts";
import { assertId, householdForPrint } from "../../server/features/people/pages.server.ts";
import { logRecordPrint } from "../../server/features/audit/pages.server.ts";
import type { HouseholdRecord } from "@domain/people/household-record";
import { householdName } from "@domain/people/household-name";

// /manage/households/{id}/print (spec §2.4: a household's print opens no modal; §6: needs
// view-household): a one-page household record with its members' table, A4, print stylesheet.
// ?print=now opens the print dialog at once.

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = assertId(params.household_id);
  const ctx = serviceContextOf(context);
  const result = await householdForPrint(ctx, id);
  // Printing a household record (its members' personal data) is logged.
  await logRecordPrint(ctx, "household", id);
  // The engine answers untyped rows; a household's shape is HouseholdRecord.
  return data({ ...result, household: result.household as HouseholdRecord, printedAt: new Date().toISOString() });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `${householdName(loaderData.household.household_head)} | Portal` : pageTitle("print") }];
}

export default function HouseholdPrint(props: Route.ComponentProps) {
  return <HouseholdSheet loaderData={props.loaderData} />;
}

export const ErrorBoundary = PrintErrorBoundary;
