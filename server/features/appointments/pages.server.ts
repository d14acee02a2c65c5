import { data } from "react-router";
import { sql } from "kysely";
import { isCalendarDate, todayInManila } from "../../../domain/dates.ts";
import { can } from "../../../domain/permissions.ts";
import { type AppointmentState } from "../../../domain/registry/appointments.ts";
import { serviceFor } from "../../engine/services.ts";
import { isAppError } from "../../errors.ts";
import { serviceContextOf } from "../../http/pages/context.ts";
import { readFlash } from "../../http/pages/flash.server.ts";
import { pageUrl, redirectWithFlash, rethrowForPage, type PageArgs } from "../../http/pages/page-kit.server.ts";
import { residentFindStep } from "../../http/pages/picker.server.ts";
import { daySlots } from "./slots.ts";
import { labelOf } from "../../../domain/i18n/labels.ts";
import { APPOINTMENT_STATE_LABEL } from "../../../domain/registry/labels-appointments.ts";
import { translatedMessage } from "../../../domain/i18n/server-messages.ts";

// The page adapters of /appointments (decision 207): the day's appointments for the front desk,
// each service's slots that day, and the forms that run the commands (book, move, cancel, check
// in). The rules are the service's; a refusal comes back as the page's message.

/** The commands the day's page posts, by the form's intent. */
const COMMANDS = ["move", "cancel", "check_in"] as const;

function dayOf(value: string | null): string {
  return value && isCalendarDate(value) ? value : todayInManila();
}

/** The day's appointments, each service's slots, and what the reader may do. */
export async function appointmentsDay(args: PageArgs) {
  const ctx = serviceContextOf(args.context);
  const url = pageUrl(args);
  const date = dayOf(url.searchParams.get("date"));
  try {
    // The registry's list permission (manage-appointment) is the page's gate (the route's middleware).
    const services = (
      await ctx.db
        .selectFrom("queue_services")
        .select(["id", "name", "prefix"])
        .where("deleted_at", "is", null)
        .orderBy("position")
        .orderBy("name")
        .execute()
    ).map((s) => ({ id: Number(s.id), name: s.name, prefix: s.prefix }));
    const now = new Date();
    const slots = await Promise.all(services.map(async (s) => ({ service: s, day: await daySlots(ctx, s.id, date, now) })));
    const rows = await sql<{
      id: number;
      slot_time: string;
      state: AppointmentState;
      service_id: number;
      service: string;
      resident_id: number;
      resident: string;
      purpose: string | null;
      booked_by_resident: boolean;
      ticket: string | null;
    }>`
      select a.id, a.slot_time, a.state, a.service_id, s.name as service, a.resident_id,
        trim(concat_ws(' ', p.firstname, p.middlename, p.lastname, p.suffix)) as resident,
        a.purpose, a.booked_by_resident, t.code as ticket
      from appointments a
      join queue_services s on s.id = a.service_id
      left join user_profiles p on p.user_id = a.resident_id
      left join queue_tickets t on t.id = a.ticket_id
      where a.appointment_date = ${date} and a.deleted_at is null
      order by a.slot_time, s.position, a.id`.execute(ctx.db);
    const appointments = rows.rows.map((r) => ({
      ...r,
      id: Number(r.id),
      service_id: Number(r.service_id),
      resident_id: Number(r.resident_id),
      state_label: labelOf(APPOINTMENT_STATE_LABEL, r.state),
    }));
    const { flash, clear } = readFlash(args.request);
    return data(
      {
        date,
        today: todayInManila(now),
        services,
        slots,
        appointments,
        canBook: can(ctx.user, "create-appointment"),
        canWork: can(ctx.user, "update-appointment"),
        flash,
      },
      clear ? { headers: { "Set-Cookie": clear } } : undefined,
    );
  } catch (error) {
    return rethrowForPage(error);
  }
}

/** The page's forms: book (with the resident picker's no-script find step), move, cancel, check in. */
export async function appointmentsAction(args: PageArgs, form: FormData) {
  const ctx = serviceContextOf(args.context);
  const intent = String(form.get("intent") ?? "");
  const date = dayOf(String(form.get("date") ?? ""));
  const back = `/appointments?date=${date}`;
  const service = serviceFor("appointment");
  try {
    const find = await residentFindStep(ctx, form);
    if (find) return data(find);
    if (intent === "book") {
      const row = await service.create(ctx, {
        service_id: form.get("service_id"),
        resident_id: form.get("resident_id"),
        appointment_date: form.get("appointment_date"),
        slot_time: form.get("slot_time"),
        purpose: form.get("purpose"),
      });
      return redirectWithFlash(
        args,
        form,
        { message: `Booked ${row.appointment_date} at ${row.slot_time}.`, type: "success" },
        `/appointments?date=${row.appointment_date}`,
      );
    }
    if (!(COMMANDS as readonly string[]).includes(intent)) throw data(translatedMessage("Unknown action."), { status: 400 });
    const id = Number(form.get("appointment_id"));
    const row = await service.command(ctx, intent, id, {
      reason: form.get("reason") ?? undefined,
      appointment_date: form.get("appointment_date") ?? undefined,
      slot_time: form.get("slot_time") ?? undefined,
    });
    let message = service.commandMessage(intent, row);
    if (intent === "check_in" && row.ticket_id) {
      const ticket = await ctx.db.selectFrom("queue_tickets").select("code").where("id", "=", row.ticket_id).executeTakeFirst();
      message = `Checked in: ticket ${ticket?.code ?? ""} in the appointment lane.`;
    }
    if (intent === "move") message = `Moved to ${row.appointment_date} at ${row.slot_time}.`;
    return redirectWithFlash(args, form, { message, type: "success" }, back);
  } catch (error) {
    if (isAppError(error) && error.status === 422) {
      const fields = (error as { errors?: Record<string, string[]> }).errors;
      const message = fields ? Object.values(fields).flat().join(" ") : error.message;
      return redirectWithFlash(args, form, { message: message || error.message, type: "invalid" }, back);
    }
    return rethrowForPage(error);
  }
}
