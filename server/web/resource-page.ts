import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import { resourceByPath, findResource } from "../../app/resources/index.ts";
import { listQueryToSearchParams, parseListQuery } from "../../app/resources/list-query.ts";
import * as messages from "../../app/resources/messages.ts";
import type { ResourceDef } from "../../app/resources/types.ts";
import { can } from "../../app/lib/permissions.ts";
import { serviceByName } from "../resources/services.ts";
import { isAppError } from "../errors.ts";
import { getRequestContext, serviceContextOf } from "./context.ts";
import { flashCookie, readFlash, type Flash } from "./flash.ts";

// The page adapter of the registry (DESIGN §4, §8): one loader and one action serve every list
// page. They parse the address or the posted form, call the engine, and shape the answer.

type Args = { request: Request; context: Readonly<RouterContextProvider>; url?: URL };

/**
 * The page's address. React Router hands loaders and actions `url` with its own details removed
 * (the `.data` suffix and `_routes` of client navigations); `request.url` is the raw one.
 */
function pageUrl({ request, url }: Args): URL {
  if (url) return url;
  const raw = new URL(request.url);
  raw.pathname = raw.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");
  raw.searchParams.delete("_routes");
  raw.searchParams.delete("index");
  return raw;
}

export const MODAL_KINDS_WITH_RECORD = new Set(["update", "delete", "restore", "reset", "reset_password", "make_transaction", "print"]);

function resourceOf(url: URL): ResourceDef {
  const def = resourceByPath(url.pathname);
  if (!def) throw data("Not Found", { status: 404 });
  return def;
}

function asPageError(error: unknown): never {
  if (isAppError(error) && (error.status === 403 || error.status === 404)) throw data(error.message, { status: error.status });
  throw error;
}

/** Conform names nested fields "a[0].b"; the engine's errors use Laravel's "a.0.b". */
export function toConformFieldErrors(errors: Record<string, string[]>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(errors)) out[key.replace(/\.(\d+)(?=\.|$)/g, "[$1]")] = value;
  return out;
}

export async function resourceLoader(args: Args) {
  const { request, context } = args;
  const url = pageUrl(args);
  const def = resourceOf(url);
  const ctx = serviceContextOf(context);
  const engine = serviceByName(def.name);
  const query = parseListQuery(url.searchParams, def);
  const page = await engine.list(ctx, query, url.pathname).catch(asPageError);

  const modal = url.searchParams.get("modal");
  const id = Number(url.searchParams.get("id"));
  let record = null;
  const isCommand = !!modal && !!def.commands?.some((c) => c.name === modal);
  if (modal && (MODAL_KINDS_WITH_RECORD.has(modal) || isCommand) && Number.isSafeInteger(id) && id > 0) {
    record = await engine.get(ctx, id).catch(() => null);
  }

  // The choices of reference fields (bank of a bank account, and so on): active rows only.
  const options: Record<string, { value: string; label: string }[]> = {};
  if (modal === "create" || modal === "update") {
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
  // The choices of reference filters (purok, bank account, collector…), keyed by the filter.
  for (const filter of def.filters ?? []) {
    if (filter.kind !== "reference") continue;
    options[`filter:${filter.key}`] = await serviceByName(filter.resource)
      .options(ctx)
      .catch(() => []);
  }

  const { flash, clear } = readFlash(request);
  return data({ resource: def.name, query, page, modal, record, options, flash }, clear ? { headers: { "Set-Cookie": clear } } : undefined);
}

export type ResourceLoaderData = Awaited<ReturnType<typeof resourceLoader>>["data"];

/** The list address to go back to after a post: the posted `return` query, without modal keys. */
function backTo(url: URL, form: FormData): string {
  const raw = String(form.get("_return") ?? url.search);
  const params = new URLSearchParams(raw.startsWith("?") ? raw.slice(1) : raw);
  params.delete("modal");
  params.delete("id");
  const q = params.toString();
  return `${url.pathname}${q ? `?${q}` : ""}`;
}

function flashRedirect(url: URL, context: Args["context"], form: FormData, flash: Flash) {
  const rc = getRequestContext(context);
  return redirect(backTo(url, form), { headers: { "Set-Cookie": flashCookie(flash, rc.secureCookies) } });
}

function idsOf(form: FormData): number[] {
  return form
    .getAll("ids")
    .flatMap((v) => String(v).split(","))
    .map(Number)
    .filter((n) => Number.isSafeInteger(n) && n > 0);
}

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
        const schema = intent === "create" ? def.schema.create : def.schema.update;
        const submission = parseWithZod(form, { schema });
        if (submission.status !== "success") return data({ result: submission.reply() }, { status: 422 });
        try {
          if (intent === "create") await engine.create(ctx, submission.value);
          else await engine.update(ctx, id, submission.value);
          return flashRedirect(url, context, form, {
            message: intent === "create" ? messages.MSG_SAVED : messages.MSG_UPDATED,
            type: intent === "create" ? "create" : "success",
          });
        } catch (error) {
          if (isAppError(error) && error.status === 422 && error.errors) {
            return data({ result: submission.reply({ fieldErrors: toConformFieldErrors(error.errors) }) }, { status: 422 });
          }
          throw error;
        }
      }
      case "delete": {
        const row = await engine.remove(ctx, id);
        return flashRedirect(url, context, form, {
          message: messages.deletedMessage(def, engine.displayName(row)),
          type: "delete",
          undo: def.undo ? { resource: def.name, id } : undefined,
        });
      }
      case "restore": {
        const row = await engine.restore(ctx, id);
        return flashRedirect(url, context, form, { message: messages.restoredMessage(def, engine.displayName(row)), type: "restore" });
      }
      case "delete-many": {
        const ids = idsOf(form);
        // Undo must bring back only what this delete trashed, not rows that were trashed before.
        const wasActive = def.undo
          ? (await Promise.all(ids.slice(0, 500).map((i) => engine.read(ctx, i).catch(() => null))))
              .filter((r) => r && r.deleted_at == null)
              .map((r) => r!.id)
          : [];
        const n = await engine.removeMany(ctx, ids);
        return flashRedirect(url, context, form, {
          message: messages.deletedManyMessage(def, n),
          type: "delete",
          undo: def.undo && n > 0 && wasActive.length ? { resource: def.name, id: wasActive[0], ids: wasActive } : undefined,
        });
      }
      case "restore-many": {
        const n = await engine.restoreMany(ctx, idsOf(form));
        return flashRedirect(url, context, form, { message: messages.restoredManyMessage(def, n), type: "restore" });
      }
      case "command": {
        // A named command (DESIGN §10): the form posts its name and, where it asks one, the reason.
        const name = String(form.get("command") ?? "");
        const row = await engine.command(ctx, name, id, { reason: form.get("reason") ?? undefined });
        return flashRedirect(url, context, form, { message: engine.commandMessage(name, row), type: "success" });
      }
      case "undo": {
        const ids = idsOf(form);
        const n = await engine.restoreMany(ctx, ids.length ? ids : [id]);
        return flashRedirect(url, context, form, {
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
    if (isAppError(error)) {
      if (error.status === 403) throw data("You are not authorize to perform this action", { status: 403 });
      if (error.status === 404) throw data(error.message, { status: 404 });
    }
    throw error;
  }
}

/** Row-action gates of spec §6 for the generic list. */
export function rowPermissions(def: ResourceDef, user: Parameters<typeof can>[0]) {
  return {
    create: can(user, `create-${def.name}`),
    update: can(user, `update-${def.name}`),
    delete: can(user, `delete-${def.name}`),
    restore: can(user, `restore-${def.name}`),
    view: can(user, `view-${def.name}`) || can(user, `manage-${def.name}`),
  };
}

export { listQueryToSearchParams };
