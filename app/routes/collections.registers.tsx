import { data } from "react-router";
import type { Route } from "./+types/collections.registers";
import { RegistersSheet } from "~/features/collections/registers";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { todayInManila } from "@domain/dates";
import { pageUrl, rethrowForPage, serviceContextOf } from "../../server/http/pages/page-kit.server.ts";
import { raafData, rcdData } from "../../server/features/collections/pages.server.ts";

/** A form's accountability lines, for the page's screen. */
export type { FormAccountability } from "../../server/features/collections/pages.server.ts";
import { officialsOn } from "../../server/features/officials/pages.server.ts";

// The COA registers of collections as printed (research notes §2a, §3):
// /manage/reports/collections/rcd?collector_id=&date_from=&date_to= (or ?remittance_id=, one
// remittance's RCD under its number) — the barangay RCD (header,
// A. Collections with cancelled receipts, totals per fund, B. Deposits, C. Accountability for
// accountable forms, D. Certification, E. Accounting entries) — and
// /manage/reports/collections/raaf?month=YYYY-MM — the RAAF. Long bond, portrait; print=now prints.

export async function loader(args: Route.LoaderArgs) {
  const url = pageUrl(args);
  const ctx = serviceContextOf(args.context);
  const kind = url.pathname.endsWith("/raaf") ? "raaf" : "rcd";
  try {
    if (kind === "raaf") {
      const month = url.searchParams.get("month") || todayInManila().slice(0, 7);
      const raaf = await raafData(ctx, month);
      // The treasurer who certifies the month: the one in office on its last day (decision 194).
      const [y, m] = raaf.month.split("-").map(Number);
      const officials = await officialsOn(ctx, new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10));
      return { kind, raaf, rcd: null, officials } as const;
    }
    const today = todayInManila();
    const collector = Number(url.searchParams.get("collector_id"));
    const remittance = Number(url.searchParams.get("remittance_id"));
    const rcd = await rcdData(ctx, {
      remittance_id: Number.isSafeInteger(remittance) && remittance > 0 ? remittance : null,
      collector_id: Number.isSafeInteger(collector) && collector > 0 ? collector : null,
      from: url.searchParams.get("date_from") || today,
      to: url.searchParams.get("date_to") || url.searchParams.get("date_from") || today,
    });
    // The treasurer who certifies the report, the bookkeeper and the accountant: in office on its last day.
    return { kind, rcd, raaf: null, officials: await officialsOn(ctx, rcd.to) } as const;
  } catch (error) {
    if ((error as { status?: number }).status === 422) throw data((error as Error).message, { status: 422 });
    rethrowForPage(error, null);
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.kind === "raaf" ? "RAAF | Portal" : "RCD | Portal" }];
}

export default function Registers(props: Route.ComponentProps) {
  return <RegistersSheet loaderData={props.loaderData} />;
}

export const ErrorBoundary = ShellErrorBoundary;
