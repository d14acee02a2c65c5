import { data, redirect } from "react-router";
import { todayInManila } from "../../../domain/dates.ts";
import { can } from "../../../domain/permissions.ts";
import { type QueueLane } from "../../../domain/registry/queue.ts";
import { serviceFor } from "../../engine/services.ts";
import { isAppError } from "../../errors.ts";
import { getRequestContext, serviceContextOf } from "../../http/pages/context.ts";
import { serviceContextFor } from "../../context.ts";
import { readFlash } from "../../http/pages/flash.server.ts";
import { pageUrl, redirectWithFlash, rethrowForPage, type PageArgs } from "../../http/pages/page-kit.server.ts";
import { kioskServices, queueBoard, windowView } from "./queries.ts";
import { aheadOf } from "./steps.ts";
import { WINDOW_COMMANDS } from "./service.ts";
import { QUEUE_LANE_LABEL } from "../../../domain/registry/labels-queue.ts";
import { translatedMessage } from "../../../domain/i18n/server-messages.ts";

// The page adapters of the hall's queue (decision 206): the kiosk and the display are public and
// read codes only; the window page is the staff's, behind `manage-queue`, and posts its commands.

export type { Board } from "./queries.ts";

/** The kiosk's receipt roll, chosen once in its address (`/queue/kiosk?paper=58`) and kept from page to page. */
export type Paper = 58 | 80;
export function paperOf(value: unknown): Paper {
  return String(value ?? "") === "58" ? 58 : 80;
}

export async function kioskPage(args: PageArgs) {
  return { services: await kioskServices(serviceContextOf(args.context)), paper: paperOf(pageUrl(args).searchParams.get("paper")) };
}

/** The kiosk's post: a ticket, then its page. A throttled or invalid post is the kiosk's message. */
export async function kioskIssue(args: PageArgs, form: FormData) {
  try {
    // The service context's admission: in maintenance mode the kiosk issues nothing (503), as REST.
    const ctx = await serviceContextFor(getRequestContext(args.context));
    const ticket = await serviceFor("queue").issue(ctx, {
      service_id: form.get("service_id"),
      lane: form.get("lane"),
    });
    const paper = paperOf(form.get("paper"));
    throw redirect(`/queue/kiosk/ticket/${ticket.id}${paper === 58 ? "?paper=58" : ""}`);
  } catch (error) {
    if (isAppError(error) && (error.status === 422 || error.status === 429))
      return data({ error: error.message }, { status: error.status, headers: error.headers });
    if (isAppError(error) && error.status === 503)
      return data({ error: "The queue is closed for maintenance. Please ask at the counter." }, { status: 503 });
    throw error;
  }
}

export interface KioskTicket {
  id: number;
  code: string;
  service: string;
  lane: QueueLane;
  lane_label: string;
  issued_at: string;
  ahead: number;
  state: string;
}

/** A ticket as its kiosk page shows and prints it: today's only (yesterday's line is closed). */
export async function kioskTicket(args: PageArgs, rawId: string | undefined): Promise<KioskTicket> {
  const id = Number(rawId);
  const ctx = serviceContextOf(args.context);
  const row = Number.isSafeInteger(id)
    ? await ctx.db
        .selectFrom("queue_tickets as t")
        .innerJoin("queue_services as s", "s.id", "t.service_id")
        .select(["t.id", "t.code", "t.lane", "t.issued_at", "t.state", "t.service_id", "t.ticket_date", "s.name as service"])
        .where("t.id", "=", id)
        .where("t.ticket_date", "=", todayInManila())
        .where("t.deleted_at", "is", null)
        .executeTakeFirst()
    : undefined;
  if (!row) throw data("This ticket could not be found.", { status: 404 });
  const ahead = row.state === "waiting" ? await aheadOf(ctx, { ...row, id: Number(row.id), issued_at: new Date(row.issued_at) }) : 0;
  return {
    id: Number(row.id),
    code: row.code,
    service: row.service,
    lane: row.lane,
    lane_label: QUEUE_LANE_LABEL[row.lane](),
    issued_at: new Date(row.issued_at).toISOString(),
    ahead,
    state: row.state,
  };
}

export async function displayPage(args: PageArgs) {
  return { board: await queueBoard(serviceContextOf(args.context)) };
}

/** The window page: the window chosen in the address (`?window=2`), its ticket and its line. */
export async function windowPage(args: PageArgs) {
  const url = pageUrl(args);
  const chosen = Number(url.searchParams.get("window"));
  try {
    const ctx = serviceContextOf(args.context);
    const view = await windowView(ctx, Number.isSafeInteger(chosen) && chosen > 0 ? chosen : null);
    const { flash, clear } = readFlash(args.request);
    // Who only reads the queue (the Punong Barangay) sees the windows without their buttons.
    const canWork = can(ctx.user, "update-queue");
    return data({ ...view, canWork, flash }, clear ? { headers: { "Set-Cookie": clear } } : undefined);
  } catch (error) {
    return rethrowForPage(error);
  }
}

/** The window's buttons: call next, and recall, skip, done or transfer of a ticket; each a command. */
export async function windowAction(args: PageArgs, form: FormData) {
  const ctx = serviceContextOf(args.context);
  const intent = String(form.get("intent") ?? "");
  const windowId = form.get("window_id");
  const back = `/queue?window=${encodeURIComponent(String(windowId ?? ""))}`;
  const service = serviceFor("queue");
  try {
    if (intent === "call_next") {
      const called = await service.callNext(ctx, { window_id: windowId });
      return redirectWithFlash(
        args,
        form,
        called ? { message: `Called ${called.code}.`, type: "success" } : { message: "No one is waiting.", type: "info" },
        back,
      );
    }
    if (!(WINDOW_COMMANDS as readonly string[]).includes(intent)) throw data(translatedMessage("Unknown action."), { status: 400 });
    const ticketId = Number(form.get("ticket_id"));
    const input: Record<string, unknown> = { window_id: windowId, reason: form.get("reason") ?? undefined };
    if (intent === "transfer") {
      input.service_id = form.get("service_id");
      input.window_id = form.get("to_window_id") || null;
    }
    const row = await service.command(ctx, intent, ticketId, input);
    return redirectWithFlash(args, form, { message: service.commandMessage(intent, row), type: "success" }, back);
  } catch (error) {
    if (isAppError(error) && error.status === 422) return redirectWithFlash(args, form, { message: error.message, type: "invalid" }, back);
    return rethrowForPage(error);
  }
}
