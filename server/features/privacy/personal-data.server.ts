import { data } from "react-router";
import { serviceContextOf } from "../../http/pages/context.ts";
import { rethrowForPage, type PageArgs } from "../../http/pages/page-kit.server.ts";
import { exportFileName, exportPersonData } from "./data-export.ts";

// Page adapters of a person's data export: the printed sheet and the JSON file.

function personId(raw: string | undefined): number {
  const id = Number(raw);
  if (!/^\d{1,15}$/.test(raw ?? "") || !Number.isSafeInteger(id) || id <= 0) throw data("This page could not be found.", { status: 404 });
  return id;
}

/** The printed export (the sheet the browser saves as PDF); logged as a print. */
export async function personalDataSheet(args: PageArgs, rawId: string | undefined) {
  try {
    return await exportPersonData(serviceContextOf(args.context), personId(rawId), { action: "print" });
  } catch (error) {
    return rethrowForPage(error);
  }
}

/** The JSON file, as a download; logged as an export. */
export async function personalDataDownload(args: PageArgs, rawId: string | undefined): Promise<Response> {
  try {
    const export_ = await exportPersonData(serviceContextOf(args.context), personId(rawId), { action: "export" });
    return new Response(`${JSON.stringify(export_, null, 2)}\n`, {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="${exportFileName(export_)}"`,
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    return rethrowForPage(error);
  }
}
