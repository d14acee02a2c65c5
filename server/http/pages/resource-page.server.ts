import { residentFindStep, searchableFilterChoices } from "./picker.server.ts";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { resourceByPath, findResource } from "../../../domain/registry/index.ts";
import { BULK_DELETE_MODAL, filterFindName, parseListQuery, type FilterSearchStep } from "../../../domain/registry/list-query.ts";
import * as messages from "../../../domain/registry/messages.ts";
import { listDefOf, listCommands, type ResourceDef } from "../../../domain/registry/types.ts";
import { translatedListDef } from "../../../domain/i18n/terms.ts";
import { serviceByName } from "../../engine/services.ts";
import { serviceContextOf } from "./context.ts";
import { readFlash } from "./flash.server.ts";
import {
  fieldErrorsReply,
  idsOf,
  isAppError,
  pageUrl,
  redirectWithFlash,
  replyInLanguage,
  rethrowForPage,
  returnAddress,
  type PageArgs,
} from "./page-kit.server.ts";

// The page adapter of the registry (DESIGN §4, §8): one loader and one action serve every list
// page. They parse the address or the posted form, call the engine, and shape the answer.

type Args = PageArgs;

export const MODAL_KINDS_WITH_RECORD = new Set(["update", "delete", "restore", "reset", "reset_password", "make_transaction", "print"]);

function resourceOf(url: URL): ResourceDef {
  const def = resourceByPath(url.pathname);
  if (!def) throw data("Not Found", { status: 404 });
  return def;
}

export async function resourceLoader(args: Args) {
  const { request, context } = args;
  const url = pageUrl(args);
  const def = resourceOf(url);
  const ctx = serviceContextOf(context);
  const engine = serviceByName(def.name);
  let query = parseListQuery(url.searchParams, def);
  let page = await engine.list(ctx, query, url.pathname).catch((error) => rethrowForPage(error, null));
  // A page past the end (a shared link, the last row of the last page deleted) shows the last page.
  // Only the page clamps: REST answers Laravel's empty page past the end, as its clients expect.
  if (query.page > page.meta.last_page) {
    query = { ...query, page: page.meta.last_page };
    page = await engine.list(ctx, query, url.pathname).catch((error) => rethrowForPage(error, null));
  }

  const modal = url.searchParams.get("modal");
  const id = Number(url.searchParams.get("id"));
  let record = null;
  const isCommand = !!modal && listCommands(def).some((c) => c.name === modal);
  if (modal && (MODAL_KINDS_WITH_RECORD.has(modal) || isCommand) && Number.isSafeInteger(id) && id > 0) {
    record = await engine.get(ctx, id).catch(() => null);
  }

  // The choices of reference fields (bank of a bank account, and so on): active rows only.
  const options: Record<string, { value: string; label: string }[]> = {};
  if (modal === "create" || modal === "update") {
    // A record picker's lists, one per entry but the residents (who are searched): `field:entry`.
    for (const field of def.fields)
      for (const entry of new Set(Object.values(field.recordPicker?.entries ?? {})))
        if (entry !== "resident")
          options[`${field.name}:${entry}`] = await serviceByName(entry)
            .options(ctx)
            .catch(() => []);
    for (const field of def.fields) {
      if (field.kind !== "reference" || !field.reference) continue;
      const target = findResource(field.reference);
      if (!target) continue;
      options[field.name] = await serviceByName(target.name)
        .options(ctx)
        .catch(() => []);
    }
  }
  if (modal === "create" || modal === "update") {
    for (const child of def.children ?? []) {
      for (const field of child.fields) {
        if (field.kind !== "reference" || !field.reference) continue;
        options[`${child.key}.${field.name}`] = await serviceByName(field.reference)
          .options(ctx)
          .catch(() => []);
      }
    }
  }
  // The choices of reference filters (purok, bank account, collector…), keyed by the filter. A
  // searchable one (residents: far too many for a select) sends only the chosen one and, after a
  // no-script "type a name, Apply", the residents found.
  const filterSearch: Record<string, FilterSearchStep> = {};
  for (const filter of def.filters ?? []) {
    if (filter.kind !== "reference") continue;
    if (filter.search) {
      const step = await searchableFilterChoices(ctx, filter, query.filter[filter.key], url.searchParams.get(filterFindName(filter.key)));
      options[`filter:${filter.key}`] = step.choices;
      if (step.query) filterSearch[filter.key] = { query: step.query, found: step.found };
      continue;
    }
    options[`filter:${filter.key}`] = await serviceByName(filter.resource)
      .options(ctx, filter.among)
      .catch(() => []);
  }

  const { flash, clear } = readFlash(request);
  // `def`: the entry's list part, so the page's first load needs neither the registry nor zod (decision 177),
  // in the request's language (its terms stay on the server: domain/i18n/terms.ts).
  return data(
    { resource: def.name, def: translatedListDef(listDefOf(def)), query, page, modal, record, options, filterSearch, flash },
    clear ? { headers: { "Set-Cookie": clear } } : undefined,
  );
}

export type ResourceLoaderData = Awaited<ReturnType<typeof resourceLoader>>["data"];

export async function resourceAction(args: Args) {
  const { request, context } = args;
  const url = pageUrl(args);
  const def = resourceOf(url);
  const ctx = serviceContextOf(context);
  const engine = serviceByName(def.name);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = Number(form.get("id"));

  try {
    switch (intent) {
      case "create":
      case "update": {
        // A resident picker's "Find" step without JavaScript: the same form, with the residents found.
        const found = await residentFindStep(ctx, form, def);
        if (found) return data(found);
        const schema = intent === "create" ? def.schema.create : def.schema.update;
        const submission = parseWithZod(form, { schema });
        if (submission.status !== "success") return data({ result: replyInLanguage(submission.reply()) }, { status: 422 });
        try {
          if (intent === "create") await engine.create(ctx, submission.value);
          else await engine.update(ctx, id, submission.value);
          return redirectWithFlash(args, form, {
            message: intent === "create" ? messages.MSG_SAVED : messages.MSG_UPDATED,
            type: intent === "create" ? "create" : "success",
          });
        } catch (error) {
          const reply = fieldErrorsReply(submission, error);
          if (reply) return reply;
          throw error;
        }
      }
      case "delete": {
        // A cancel's reason (an issued receipt's) comes with the confirmation.
        const row = await engine.remove(ctx, id, { reason: form.get("reason") ?? undefined });
        return redirectWithFlash(args, form, {
          message: messages.deletedMessage(def, engine.displayName(row)),
          type: "delete",
          undo: def.undo ? { resource: def.name, id } : undefined,
        });
      }
      case "restore": {
        const row = await engine.restore(ctx, id);
        return redirectWithFlash(args, form, { message: messages.restoredMessage(def, engine.displayName(row)), type: "restore" });
      }
      case "delete-many": {
        const ids = idsOf(form);
        // Asked to confirm with the count first. With JavaScript the bar's dialog
        // did and says so (`confirmed`); without, the list opens its confirm step for these ids.
        if (form.get("confirmed") !== "1" && ids.length > 0) {
          const back = returnAddress(args, form);
          return redirect(`${back}${back.includes("?") ? "&" : "?"}modal=${BULK_DELETE_MODAL}&ids=${ids.join(",")}`);
        }
        // Undo must bring back only what this delete trashed, not rows that were trashed before.
        const wasActive = def.undo
          ? (await Promise.all(ids.slice(0, 500).map((i) => engine.read(ctx, i).catch(() => null))))
              .filter((r) => r && r.deleted_at == null)
              .map((r) => r!.id)
          : [];
        const n = await engine.removeMany(ctx, ids);
        return redirectWithFlash(args, form, {
          message: messages.deletedManyMessage(def, n),
          type: "delete",
          undo: def.undo && n > 0 && wasActive.length ? { resource: def.name, id: wasActive[0], ids: wasActive } : undefined,
        });
      }
      case "restore-many": {
        const n = await engine.restoreMany(ctx, idsOf(form));
        return redirectWithFlash(args, form, { message: messages.restoredManyMessage(def, n), type: "restore" });
      }
      case "command": {
        // A named command (DESIGN §10): the form posts its name and, where it asks one, the reason.
        const name = String(form.get("command") ?? "");
        const row = await engine.command(ctx, name, id, { reason: form.get("reason") ?? undefined });
        return redirectWithFlash(args, form, { message: engine.commandMessage(name, row), type: "success" });
      }
      case "undo": {
        const ids = idsOf(form);
        const n = await engine.restoreMany(ctx, ids.length ? ids : [id]);
        return redirectWithFlash(args, form, {
          message:
            n === 1 && ids.length <= 1
              ? messages.restoredMessage(def, engine.displayName(await engine.read(ctx, ids[0] ?? id)))
              : messages.restoredManyMessage(def, n),
          type: "restore",
        });
      }
      default:
        throw data(`Unknown action ${intent || "(none)"}`, { status: 400 });
    }
  } catch (error) {
    // A bulk delete or restore that the rules refuse (rows that block it) comes
    // back to the list as its message, on every list, with or without JavaScript; so does a named
    // command the rules refuse (a certificate released before its fee is paid): it was a 500.
    if (isAppError(error) && error.status === 422 && (intent === "delete-many" || intent === "restore-many" || intent === "command"))
      return redirectWithFlash(args, form, { message: error.message, type: "invalid" });
    rethrowForPage(error);
  }
}
