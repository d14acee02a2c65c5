import { data, redirect, type MiddlewareFunction } from "react-router";
import { can } from "../../../domain/permissions.ts";
import { isAppError } from "../../errors.ts";
import { getRequestContext, serviceContextOf } from "../../http/pages/context.ts";
import { readFlash } from "../../http/pages/flash.server.ts";
import { pageUrl, redirectWithFlash, rethrowForPage, type PageArgs } from "../../http/pages/page-kit.server.ts";
import * as hub from "./service.ts";

// The page adapters of the hub's screens (/hub, /hub/barangays/:id, /hub/officers): each loader and
// action one or two service calls. Every form posts to its page and works without JavaScript; a
// 422 answers the page again with the field errors and what was typed.

/**
 * The hub's administration pages: the hub administrator's. A municipal officer, whose home is the
 * roll-ups, is sent there from /hub; anyone else gets the 403 page.
 */
export function requireHubAdministrator(options: { officersToRollups?: boolean } = {}): MiddlewareFunction<Response> {
  return ({ context }) => {
    const user = getRequestContext(context).user;
    if (hub.mayManageBarangays(user ?? null)) return;
    if (options.officersToRollups && can(user, "view-rollups")) throw redirect("/hub/rollups");
    throw data("You are not authorized to view this page.", { status: 403 });
  };
}

type Values = Record<string, string>;

/** The posted fields as typed (the password never comes back). */
function valuesOf(form: FormData, names: string[]): Values {
  return Object.fromEntries(names.map((name) => [name, name === "password" ? "" : String(form.get(name) ?? "")]));
}

function inputOf(form: FormData, names: string[]): Values {
  return Object.fromEntries(names.map((name) => [name, String(form.get(name) ?? "")]));
}

/** A service's 422 as the page's answer: the errors and what was typed, for the form named `intent`. */
async function formReply(intent: string, values: Values, run: () => Promise<Response>): Promise<Response | ReturnType<typeof data>> {
  try {
    return await run();
  } catch (error) {
    if (isAppError(error) && error.status === 422)
      return data({ intent, errors: error.errors ?? { _: [error.message] }, values }, { status: 422 });
    rethrowForPage(error);
  }
}

// --- /hub ----------------------------------------------------------------------------------------

export async function barangaysLoader(args: PageArgs) {
  const ctx = serviceContextOf(args.context);
  const url = pageUrl(args);
  const psgcSearch = (url.searchParams.get("psgc_search") ?? "").slice(0, 100);
  const [barangays, matches] = await Promise.all([
    hub.listBarangays(ctx),
    psgcSearch ? hub.searchPsgcBarangays(ctx, psgcSearch) : Promise.resolve([]),
  ]).catch(rethrowForPage);
  const { flash, clear } = readFlash(args.request);
  return data({ barangays, matches, psgcSearch, flash }, clear ? { headers: { "Set-Cookie": clear } } : undefined);
}

export async function barangaysAction(args: PageArgs) {
  const ctx = serviceContextOf(args.context);
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent !== "create") throw data(`Unknown action ${intent || "(none)"}`, { status: 400 });
  const fields = ["psgc_code"];
  return formReply(intent, valuesOf(form, fields), async () => {
    const { barangay, message } = await hub.createBarangay(ctx, inputOf(form, fields));
    return redirectWithFlash(args, form, { message, type: "create" }, `/hub/barangays/${barangay.id}`);
  });
}

// --- /hub/barangays/:id --------------------------------------------------------------------------

export async function barangayLoader(args: PageArgs & { params: { barangay_id?: string } }) {
  const ctx = serviceContextOf(args.context);
  const id = Number(args.params.barangay_id);
  const barangay = await hub.getBarangay(ctx, Number.isSafeInteger(id) ? id : -1).catch(rethrowForPage);
  const { flash, clear } = readFlash(args.request);
  return data({ barangay, flash }, clear ? { headers: { "Set-Cookie": clear } } : undefined);
}

export const ADMINISTRATOR_FIELDS = ["firstname", "lastname", "username", "password"];

export async function barangayAction(args: PageArgs & { params: { barangay_id?: string } }) {
  const ctx = serviceContextOf(args.context);
  const id = Number(args.params.barangay_id);
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");
  const here = `/hub/barangays/${id}`;
  switch (intent) {
    case "suspend":
      return formReply(intent, valuesOf(form, ["reason"]), async () => {
        const { message } = await hub.suspendBarangay(ctx, id, inputOf(form, ["reason"]));
        return redirectWithFlash(args, form, { message, type: "success" }, here);
      });
    case "reactivate":
      return formReply(intent, {}, async () => {
        const { message } = await hub.reactivateBarangay(ctx, id);
        return redirectWithFlash(args, form, { message, type: "success" }, here);
      });
    case "psgc":
      return formReply(intent, valuesOf(form, ["psgc_code"]), async () => {
        const { message } = await hub.setUpBarangay(ctx, id, inputOf(form, ["psgc_code"]));
        return redirectWithFlash(args, form, { message, type: "success" }, here);
      });
    case "administrator":
      return formReply(intent, valuesOf(form, ADMINISTRATOR_FIELDS), async () => {
        const { message } = await hub.createFirstAdministrator(ctx, id, inputOf(form, ADMINISTRATOR_FIELDS));
        return redirectWithFlash(args, form, { message, type: "create" }, here);
      });
    default:
      throw data(`Unknown action ${intent || "(none)"}`, { status: 400 });
  }
}

// --- /hub/officers -------------------------------------------------------------------------------

export const OFFICER_FIELDS = ["firstname", "lastname", "username", "password", "role", "city_psgc_code"];

export async function officersLoader(args: PageArgs) {
  const ctx = serviceContextOf(args.context);
  const url = pageUrl(args);
  const citySearch = (url.searchParams.get("city_search") ?? "").slice(0, 100);
  const officers = await hub.listOfficers(ctx).catch(rethrowForPage);
  const cities = citySearch ? hub.searchPsgcCities(ctx, citySearch) : [];
  const { flash, clear } = readFlash(args.request);
  return data({ officers, cities, citySearch, flash }, clear ? { headers: { "Set-Cookie": clear } } : undefined);
}

export async function officersAction(args: PageArgs) {
  const ctx = serviceContextOf(args.context);
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent !== "create") throw data(`Unknown action ${intent || "(none)"}`, { status: 400 });
  return formReply(intent, valuesOf(form, OFFICER_FIELDS), async () => {
    const { message } = await hub.createOfficer(ctx, inputOf(form, OFFICER_FIELDS));
    return redirectWithFlash(args, form, { message, type: "create" }, "/hub/officers");
  });
}

/** The verify pages' choice of barangay for a visitor of a hub (null on a single barangay's install). */
export { visitorBarangayChoices } from "../../http/tenancy.ts";
