import { data } from "react-router";
import { IMPORT_FIELDS } from "../../../domain/resident-import/rbi.ts";
import { IMPORT_FIELD_LABEL } from "../../../domain/resident-import/labels.ts";
import { isAppError } from "../../errors.ts";
import { readFlash } from "../../http/pages/flash.server.ts";
import { serviceContextOf } from "../../http/pages/context.ts";
import { pageUrl, redirectWithFlash, rethrowForPage, type PageArgs } from "../../http/pages/page-kit.server.ts";
import { parseId } from "../../http/rest/params.ts";
import {
  commitImport,
  createPurok,
  decide,
  importProgress,
  importRows,
  listImports,
  ROW_FILTERS,
  saveMapping,
  undoImport,
  type RowFilter,
} from "./service.ts";
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from "./read-file.ts";
import { translatedMessage } from "../../../domain/i18n/server-messages.ts";

// Page adapters of /manage/residents/import (the upload and the recent imports) and
// /manage/residents/import/:import_id (mapping, dry run, choices, commit, progress, undo).
// The upload itself is the REST call POST /backend/api/resident-imports (a streamed body).

export async function importsPage(args: PageArgs) {
  const ctx = serviceContextOf(args.context);
  try {
    const imports = await listImports(ctx);
    const { flash, clear } = readFlash(args.request);
    return data(
      { imports, flash, limits: { bytes: IMPORT_MAX_BYTES, rows: IMPORT_MAX_ROWS } },
      clear ? { headers: { "Set-Cookie": clear } } : undefined,
    );
  } catch (error) {
    return rethrowForPage(error);
  }
}

export async function importPage(args: PageArgs & { params: { import_id?: string } }) {
  const ctx = serviceContextOf(args.context);
  try {
    const id = parseId(args.params.import_id);
    const url = pageUrl(args);
    const filterParam = url.searchParams.get("filter") as RowFilter | null;
    const filter: RowFilter = filterParam && ROW_FILTERS.includes(filterParam) ? filterParam : "all";
    const batch = await importProgress(ctx, id);
    const rows = await importRows(ctx, id, { filter, page: Number(url.searchParams.get("page") ?? 1) || 1 });
    const { flash, clear } = readFlash(args.request);
    return data(
      { batch, rows, filter, flash, fields: IMPORT_FIELDS.map((f) => ({ key: f, label: IMPORT_FIELD_LABEL[f]() })) },
      clear ? { headers: { "Set-Cookie": clear } } : undefined,
    );
  } catch (error) {
    return rethrowForPage(error);
  }
}

export interface ImportActionData {
  errors: Record<string, string[]>;
  message: string;
}

/** The review's buttons: save the mapping, decide duplicates, create a purok, commit, undo. */
export async function importAction(args: PageArgs & { params: { import_id?: string } }) {
  const ctx = serviceContextOf(args.context);
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");
  let id: number;
  try {
    id = parseId(args.params.import_id);
  } catch (error) {
    return rethrowForPage(error);
  }
  const back = `/manage/residents/import/${id}${pageUrl(args).search}`;
  let message: string;
  try {
    switch (intent) {
      case "mapping": {
        const mapping: Record<string, string> = {};
        for (const field of IMPORT_FIELDS) mapping[field] = String(form.get(`mapping.${field}`) ?? "");
        await saveMapping(ctx, id, { mapping, date_order: String(form.get("date_order") ?? "mdy") });
        message = "The rows were checked with this mapping.";
        break;
      }
      case "decide": {
        const lines = form.getAll("line").map(String);
        const count = await decide(ctx, id, { lines, decision: String(form.get("decision") ?? "") });
        message = count === 1 ? "The choice was saved." : `The choice was saved for ${count} rows.`;
        break;
      }
      case "create_purok": {
        const name = String(form.get("name") ?? "");
        await createPurok(ctx, id, name);
        message = `Purok "${name}" was created and the rows checked again.`;
        break;
      }
      case "commit":
        await commitImport(ctx, id);
        message = "The import has started.";
        break;
      case "undo":
        await undoImport(ctx, id);
        message = "The undo has started.";
        break;
      default:
        return data(
          {
            errors: { intent: [translatedMessage("Unknown action.")] },
            message: translatedMessage("Unknown action."),
          } satisfies ImportActionData,
          { status: 400 },
        );
    }
  } catch (error) {
    if (isAppError(error) && error.status === 422) {
      return data({ errors: error.errors ?? {}, message: error.message } satisfies ImportActionData, { status: 422 });
    }
    return rethrowForPage(error);
  }
  return redirectWithFlash(args, form, { message, type: "success" }, back);
}
