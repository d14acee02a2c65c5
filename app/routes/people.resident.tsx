import { data } from "react-router";
import type { Route } from "./+types/people.resident";
import { ResidentPage } from "~/features/people/resident-page";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { isAppError, serviceContextOf, serviceFor } from "../../server/http/pages/page-kit.server.ts";
import { readFlash } from "../../server/http/pages/flash.server.ts";
import { assertId, householdOfResident, type ResidentRecord } from "../../server/features/people/pages.server.ts";
import { logRecordAccess } from "../../server/features/audit/pages.server.ts";

// /manage/residents/{resident_id} (spec §2.1): the resident's page, with the children profile
// (also the index), location (the household's map pin) and transactions.

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const id = assertId(params.resident_id);
  const ctx = serviceContextOf(context);
  try {
    // The engine answers untyped rows; a resident's shape is ResidentRecord.
    const resident = (await serviceFor("resident").get(ctx, id)) as ResidentRecord;
    const household = await householdOfResident(ctx, id);
    // Opening a resident's full record is logged (who, which record, when, from where).
    await logRecordAccess(ctx, { entity: "resident", id, record: String(resident.name ?? `#${id}`), action: "view", subjectId: id });
    // A save in the edit dialog opened here comes back here with its message.
    const { flash, clear } = readFlash(request);
    return data({ resident, household, flash }, clear ? { headers: { "Set-Cookie": clear } } : undefined);
  } catch (error) {
    if (isAppError(error) && (error.status === 403 || error.status === 404)) {
      throw data(error.status === 404 ? "This page could not be found." : "You are not authorize to perform this action", {
        status: error.status,
      });
    }
    throw error;
  }
}

export type ResidentPageData = Awaited<ReturnType<typeof loader>>["data"];

export default function ResidentLayout(props: Route.ComponentProps) {
  return <ResidentPage loaderData={props.loaderData} />;
}

export const ErrorBoundary = ShellErrorBoundary;
