import { data } from "react-router";
import type { Route } from "./+types/remittances.search";
import { RemittanceDay } from "~/features/collections/remittance-day";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { todayInManila } from "@domain/dates";
import { pageTitle } from "~/lib/titles";
import { redirectWithFlash, rethrowForPage, serviceContextOf, isAppError } from "../../server/http/pages/page-kit.server.ts";
import {
  collectorOptions,
  depositAccounts,
  remitDay,
  remittanceDay,
  remittedMessage,
  undoneMessage,
  undoRemittance,
} from "../../server/features/collections/pages.server.ts";

// /manage/remittances/search?collector_id=&date= (spec §2.1 "remittances (child: search)"): one
// collector's day — every receipt in numerical order, cancelled ones included, each with the RCD
// that remitted it — the day's remittances (each prints its RCD; the collector's latest can be
// undone with a reason), and, while receipts wait, the form that remits them. Without a day it
// is a picker of collector and day.

export async function loader(args: Route.LoaderArgs) {
  const url = new URL(args.request.url);
  const ctx = serviceContextOf(args.context);
  const collectorText = url.searchParams.get("collector_id") ?? "";
  const date = url.searchParams.get("date") ?? "";
  const collectorId = Number(collectorText);
  if (!collectorText || !date || !Number.isSafeInteger(collectorId) || collectorId < 1) {
    const collectors = await collectorOptions(ctx).catch((e) => rethrowForPage(e, null));
    return { picker: { collectors, collector_id: collectorText, date: date || todayInManila() }, view: null } as const;
  }
  const { day, receipts } = await remittanceDay(ctx, collectorId, date).catch((e) => rethrowForPage(e, null));
  return { picker: null, view: { day, receipts, accounts: await depositAccounts(ctx) } } as const;
}

/** What a refused remittance or deposit answers: its form, message, errors and what was typed. */
export type Refusal = { intent: string; message: string; errors: Record<string, string[]>; values: Record<string, string> };

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const ctx = serviceContextOf(args.context);
  const values = Object.fromEntries([...form].map(([k, v]) => [k, String(v)]));
  const intent = values.intent === "undo" ? "undo" : "remit";
  try {
    const day = intent === "undo" ? await undoRemittance(ctx, Number(values.remittance_id), values) : await remitDay(ctx, values);
    return redirectWithFlash(
      args,
      form,
      { message: intent === "undo" ? undoneMessage(day) : remittedMessage(day), type: "success" },
      `/manage/remittances/search?collector_id=${day.collector.id}&date=${day.date}`,
    );
  } catch (error) {
    if (isAppError(error) && error.status === 422)
      return data({ intent, message: error.message, errors: error.errors ?? {}, values } satisfies Refusal, { status: 422 });
    rethrowForPage(error);
  }
}

export function meta() {
  return [{ title: pageTitle("manage-remittances-search") }];
}

export default function RemittanceDayPage(props: Route.ComponentProps) {
  return <RemittanceDay loaderData={props.loaderData} />;
}

export const ErrorBoundary = ShellErrorBoundary;
