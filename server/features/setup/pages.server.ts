import { data } from "react-router";
import { isSetupMark, SETUP_PATH } from "../../../domain/setup.ts";
import { isAppError } from "../../errors.ts";
import { serviceContextOf } from "../../http/pages/context.ts";
import { readFlash } from "../../http/pages/flash.server.ts";
import { pageUrl, redirectWithFlash, rethrowForPage, type PageArgs } from "../../http/pages/page-kit.server.ts";
import * as setup from "./service.ts";
import { translatedMessage } from "../../../domain/i18n/server-messages.ts";

// The page adapters of the first-run checklist (/manage/setup, /manage/setup/identity) and of its
// card on the dashboard: each one or two service calls. The forms post to their page and work
// without JavaScript; a 422 answers the page again with the field's message and what was typed.

function withFlash<T extends object>(args: PageArgs, body: T) {
  const { flash, clear } = readFlash(args.request);
  return data({ ...body, flash }, clear ? { headers: { "Set-Cookie": clear } } : undefined);
}

/** /manage/setup: the checklist. */
export async function setupLoader(args: PageArgs) {
  const checklist = await setup.setupChecklist(serviceContextOf(args.context)).catch((e) => rethrowForPage(e));
  return withFlash(args, { checklist });
}

/** /manage/setup: a mark set or cleared. */
export async function setupAction(args: PageArgs) {
  const form = await args.request.formData();
  const mark = form.get("mark");
  const intent = form.get("intent");
  if (!isSetupMark(mark) || (intent !== "mark" && intent !== "unmark")) throw data(translatedMessage("Unknown action."), { status: 400 });
  const { message } = await setup.setMark(serviceContextOf(args.context), mark, intent === "mark").catch((e) => rethrowForPage(e));
  return redirectWithFlash(args, form, { message, type: "success" }, SETUP_PATH);
}

/** /manage/setup/identity: the stored identity, and the PSGC list's matches of ?psgc_search=. */
export async function identityLoader(args: PageArgs) {
  const ctx = serviceContextOf(args.context);
  const psgcSearch = (pageUrl(args).searchParams.get("psgc_search") ?? "").slice(0, 100);
  const [identity, matches] = await Promise.all([
    setup.setupIdentity(ctx),
    psgcSearch ? setup.searchIdentity(ctx, psgcSearch) : Promise.resolve([]),
  ]).catch((e) => rethrowForPage(e));
  return withFlash(args, { identity, matches, psgcSearch });
}

export type IdentityReply = {
  intent: "identity" | "address" | "language";
  errors: Record<string, string[]>;
  values: Record<string, string>;
};

/**
 * /manage/setup/identity: the identity picked (intent identity), the address written (intent
 * address) or the barangay's language chosen (intent language).
 */
export async function identityAction(args: PageArgs) {
  const ctx = serviceContextOf(args.context);
  const form = await args.request.formData();
  const intent = form.get("intent");
  if (intent !== "identity" && intent !== "address" && intent !== "language")
    throw data(translatedMessage("Unknown action."), { status: 400 });
  const field = intent === "identity" ? "psgc_code" : intent === "address" ? "address" : "default_language";
  const values = { [field]: String(form.get(field) ?? "") };
  try {
    const { message } =
      intent === "identity"
        ? await setup.setIdentity(ctx, values)
        : intent === "address"
          ? await setup.setAddress(ctx, values)
          : await setup.setLanguage(ctx, values);
    // Back to the checklist, which now shows the step done.
    return redirectWithFlash(args, form, { message, type: "success" }, SETUP_PATH);
  } catch (error) {
    if (isAppError(error) && error.status === 422)
      return data({ intent, errors: error.errors ?? { [field]: [error.message] }, values } satisfies IdentityReply, { status: 422 });
    return rethrowForPage(error);
  }
}
