import { data } from "react-router";
import type { Route } from "./+types/export";
import { csvHeader, csvRow } from "@domain/format";
import { todayInManila } from "@domain/dates";
import { parseListQuery } from "@domain/registry/list-query";
import { findResource } from "@domain/registry/index";
import { isAppError, serviceByName, serviceContextOf } from "../../server/http/pages/page-kit.server.ts";
import { logListExport } from "../../server/features/audit/pages.server.ts";

// GET /export/:resource?<list query>: a CSV of ALL rows matching the list query
// (search, status, filters, sort), not only the page, with the list's columns. Streamed: the engine
// is read 100 rows at a time while the download runs. UTF-8 with a BOM so Excel reads ñ and ₱.

const PAGE_SIZE = 100;
const BOM = "\uFEFF";

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const def = findResource(params.resource);
  if (!def) throw data("Not Found", { status: 404 });
  const ctx = serviceContextOf(context);
  const engine = serviceByName(def.name);
  const query = parseListQuery(url.searchParams, def);

  // The first page is read before the response starts, so a 403 is a 403 and not a broken file.
  let first;
  try {
    first = await engine.list(ctx, { ...query, page: 1, per_page: PAGE_SIZE }, def.path);
  } catch (error) {
    if (isAppError(error)) throw data(error.message, { status: error.status });
    throw error;
  }
  const filename = `${def.labels.plural.replace(/[^a-z0-9]+/gi, "-").toLowerCase()}-${todayInManila()}.csv`;
  // An export of personal data is logged (who, which list, how many rows, which filters).
  await logListExport(ctx, def, first.meta.total, filename, url.searchParams.toString());

  const encoder = new TextEncoder();
  let page = 1;
  let lastPage = first.meta.last_page;
  let pending: typeof first | null = first;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(BOM + csvHeader(def.columns)));
    },
    async pull(controller) {
      try {
        const current = pending ?? (await engine.list(ctx, { ...query, page, per_page: PAGE_SIZE }, def.path));
        pending = null;
        lastPage = current.meta.last_page;
        if (current.data.length) controller.enqueue(encoder.encode(current.data.map((row) => csvRow(def.columns, row)).join("")));
        page += 1;
        if (page > lastPage || current.data.length === 0) controller.close();
      } catch (error) {
        controller.error(error);
      }
    },
  });

  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
