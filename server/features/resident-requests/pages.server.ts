import { data, redirect } from "react-router";
import { serviceContextFor } from "../../context.ts";
import { isAppError } from "../../errors.ts";
import { serviceFor } from "../../engine/services.ts";
import { getRequestContext } from "../../http/pages/context.ts";
import { pageUrl, rethrowForPage, type PageArgs } from "../../http/pages/page-kit.server.ts";
import { flashCookie } from "../../http/pages/flash.server.ts";
import { myProfile, requestableTypes } from "./service.ts";
import { bookOwn, cancelOwn, freeSlots, ownAppointments } from "../appointments/service.ts";
import { todayInManila } from "../../../domain/dates.ts";
import { labelOf } from "../../../domain/i18n/labels.ts";
import { RESIDENT_REQUEST_STATE_LABEL } from "../../../domain/registry/labels-resident-requests.ts";

// The resident's own pages (/my, decision 208): thin adapters over the service. Signed out, each
// sends to the sign-in and back; a signed-in staff user is refused (403) by the service.

async function residentContext(args: PageArgs) {
  const rc = getRequestContext(args.context);
  if (!rc.user) {
    const url = pageUrl(args);
    throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return serviceContextFor(rc);
}

const stateLabel = (state: string) => labelOf(RESIDENT_REQUEST_STATE_LABEL, state);

/** /my: the resident's profile (read-only) and their requests, newest first. */
export async function myPage(args: PageArgs) {
  try {
    const ctx = await residentContext(args);
    const [profile, requests] = await Promise.all([myProfile(ctx), serviceFor("resident_request").mine(ctx)]);
    return {
      profile,
      appointments: await myAppointments(args),
      requests: requests.map((r) => ({
        id: Number(r.id),
        kind: r.kind,
        title: r.kind === "certificate" ? (r.type_name ?? "Certificate") : "Correction of my record",
        state: r.state,
        state_label: stateLabel(r.state),
        // The day in Manila, as the certificate dates it (not the UTC day).
        requested_on: todayInManila(r.requested_at),
      })),
    };
  } catch (error) {
    rethrowForPage(error, "This page is for residents with an account. Staff work the requests from the back office.");
  }
}

/** /my posts: a correction request (the certificate request has its own page). */
export async function myAction(args: PageArgs, form: FormData) {
  const ctx = await residentContext(args);
  try {
    const filed = await serviceFor("resident_request").requestCorrection(ctx, { details: form.get("details") ?? "" });
    return sentTo(args, `/my/requests/${filed.id}`, "Your correction request is sent. The barangay will tell you here when it is done.");
  } catch (error) {
    if (isAppError(error) && error.status === 422)
      return data({ errors: error.errors ?? {}, values: { details: String(form.get("details") ?? "") } }, { status: 422 });
    rethrowForPage(error);
  }
}

function sentTo(args: PageArgs, to: string, message: string) {
  const rc = getRequestContext(args.context);
  return redirect(to, { headers: { "Set-Cookie": flashCookie({ message, type: "success" }, rc.secureCookies) } });
}

/** /my/request: the types to choose from and, once one is chosen (?type=), its fields. */
export async function certificateRequestPage(args: PageArgs) {
  try {
    const ctx = await residentContext(args);
    await serviceFor("resident_request").mine(ctx); // a staff user is refused here, as on /my
    const types = await requestableTypes(ctx);
    const chosen = Number(pageUrl(args).searchParams.get("type"));
    return { types, chosen: types.find((t) => t.id === chosen) ?? null };
  } catch (error) {
    rethrowForPage(error, "This page is for residents with an account.");
  }
}

export async function certificateRequestAction(args: PageArgs, form: FormData) {
  const ctx = await residentContext(args);
  const custom: Record<string, string> = {};
  for (const [key, value] of form.entries())
    if (key.startsWith("custom_values.") && typeof value === "string") custom[key.slice("custom_values.".length)] = value;
  const values = { transaction_type_id: String(form.get("transaction_type_id") ?? ""), purpose: String(form.get("purpose") ?? "") };
  try {
    const filed = await serviceFor("resident_request").requestCertificate(ctx, { ...values, custom_values: custom });
    return sentTo(args, `/my/requests/${filed.id}`, "Your request is sent. Follow it here; you will be told when it is ready.");
  } catch (error) {
    if (isAppError(error) && error.status === 422)
      return data({ errors: error.errors ?? {}, message: error.message, values: { ...values, ...custom } }, { status: 422 });
    rethrowForPage(error);
  }
}

/** /my/requests/{id}: one of the resident's own requests (another's is a 404). */
export async function myRequestPage(args: PageArgs, id: number) {
  try {
    const ctx = await residentContext(args);
    const r = await serviceFor("resident_request").mineOne(ctx, id);
    return {
      request: {
        id: Number(r.id),
        kind: r.kind,
        title: r.kind === "certificate" ? (r.type_name ?? "Certificate") : "Correction of my record",
        state: r.state,
        state_label: stateLabel(r.state),
        purpose: r.purpose,
        details: r.details,
        reason: r.reason,
        // The type's own labels for the values asked ("CTC number"), in the type's order.
        custom_values: (r.custom_forms ?? [])
          .filter((f) => f.fieldId !== "purpose" && r.custom_values[f.fieldId])
          .map((f) => ({ label: f.label, value: r.custom_values[f.fieldId] })),
        reference_number: r.reference_number,
        amount: r.amount,
        // The day in Manila, as the certificate dates it (not the UTC day).
        requested_on: todayInManila(r.requested_at),
        decided_at: r.decided_at ? new Date(r.decided_at).toISOString() : null,
      },
    };
  } catch (error) {
    rethrowForPage(error, "This page is for residents with an account.");
  }
}

/** /my/requests/{id}/certificate: the released certificate, the staff print's document. */
export async function myCertificatePage(args: PageArgs, id: number) {
  try {
    const ctx = await residentContext(args);
    const doc = await serviceFor("resident_request").myCertificate(ctx, id, new URL(args.request.url).origin);
    return { doc, refused: null };
  } catch (error) {
    if (isAppError(error) && error.status === 422) return { doc: null, refused: error.message };
    rethrowForPage(error, "This page is for residents with an account.");
  }
}

// ---- the resident's appointments (issue 32 item 2's own booking, built by the appointments area) ----

/** /my/appointment: the hall's services, and for a chosen service and day (?service=&date=) its slots. */
export async function appointmentPage(args: PageArgs) {
  try {
    const ctx = await residentContext(args);
    await serviceFor("resident_request").mine(ctx); // a staff user is refused here, as on /my
    const url = pageUrl(args);
    const services = (
      await ctx.db.selectFrom("queue_services").select(["id", "name"]).where("deleted_at", "is", null).orderBy("position").execute()
    ).map((s) => ({ id: Number(s.id), name: s.name }));
    const service = Number(url.searchParams.get("service")) || null;
    const date = url.searchParams.get("date") || null;
    let day: Awaited<ReturnType<typeof freeSlots>> | null = null;
    let problem: string | null = null;
    if (service && date) {
      try {
        day = await freeSlots(ctx, service, date);
      } catch (error) {
        if (!(isAppError(error) && error.status === 422)) throw error;
        problem = Object.values(error.errors ?? {})[0]?.[0] ?? error.message;
      }
    }
    return { services, service, date, day, problem, today: todayInManila() };
  } catch (error) {
    rethrowForPage(error, "This page is for residents with an account.");
  }
}

export async function appointmentAction(args: PageArgs, form: FormData) {
  const ctx = await residentContext(args);
  try {
    if (form.get("intent") === "cancel") {
      await cancelOwn(ctx, form.get("id"), form.get("reason"));
      return sentTo(args, "/my", "Your appointment is cancelled.");
    }
    const input = {
      service_id: form.get("service_id"),
      appointment_date: form.get("appointment_date"),
      slot_time: form.get("slot_time"),
      purpose: form.get("purpose") || undefined,
    };
    await bookOwn(ctx, input);
    return sentTo(args, "/my", "Your appointment is booked.");
  } catch (error) {
    if (isAppError(error) && error.status === 422)
      return data({ message: Object.values(error.errors ?? {})[0]?.[0] ?? error.message }, { status: 422 });
    rethrowForPage(error);
  }
}

/** The resident's own appointments, the latest first, for /my. */
export async function myAppointments(args: PageArgs) {
  const ctx = await residentContext(args);
  return (await ownAppointments(ctx)).map((a) => ({
    id: Number(a.id),
    service: a.service?.name ?? "",
    date: a.appointment_date,
    time: String(a.slot_time).slice(0, 5),
    state: a.state,
  }));
}
