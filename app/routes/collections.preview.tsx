import { data } from "react-router";
import type { Route } from "./+types/collections.preview";
import { ReceiptSheets } from "~/features/collections/receipt-preview";
import { m } from "@domain/i18n";
import { pageUrl, rethrowForPage, serviceContextOf } from "../../server/http/pages/page-kit.server.ts";
import { COPY_LABELS, receiptDocument, type CopyLabel } from "../../server/features/collections/pages.server.ts";

/** The receipt as printed and its copies, for the page's screen. */
export type { CopyLabel, ReceiptDocument } from "../../server/features/collections/pages.server.ts";
import { logRecordPrint } from "../../server/features/audit/pages.server.ts";
import { barangayImages } from "../../server/features/officials/pages.server.ts";

// /manage/collections/{id}/transactions/preview (spec §2.1, §6: needs view-collection): the AF 51-C
// official receipt (research notes §1) on its 4 × 8.5 in form, in two modes — `mode=full` draws the
// whole form on plain paper, `mode=overlay` prints only the data onto the pre-printed form, shifted
// by the pad's offsets — as ORIGINAL, DUPLICATE and TRIPLICATE (`copy=`), with the QR code of its
// verify page. `print=now` opens the print dialog at once.

export async function loader(args: Route.LoaderArgs) {
  const id = Number(args.params.collection_id);
  if (!Number.isSafeInteger(id) || id < 1) throw data("Not found", { status: 404 });
  const url = pageUrl(args);
  const ctx = serviceContextOf(args.context);
  const mode = url.searchParams.get("mode") === "overlay" ? "overlay" : "full";
  const copy = url.searchParams.get("copy")?.toUpperCase();
  const copies: CopyLabel[] = COPY_LABELS.includes(copy as CopyLabel) ? [copy as CopyLabel] : [...COPY_LABELS];
  try {
    const receipt = await receiptDocument(ctx, id, url.origin);
    // A receipt names its payor: its print view is logged, with the copies shown.
    await logRecordPrint(ctx, "collection", id, `${mode}; ${copies.join(", ")}`);
    return { receipt, mode, copies, seal: (await barangayImages(ctx)).seal } as const;
  } catch (error) {
    // The service's refusal is the receipt page's own 403 (or 404), with the same message.
    rethrowForPage(error, null);
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData ? m.finance_receipt_meta_title({ number: loaderData.receipt.orNumber }) : m.finance_preview_meta_fallback() },
  ];
}

export default function ReceiptPreview(props: Route.ComponentProps) {
  return <ReceiptSheets loaderData={props.loaderData} />;
}

// No ErrorBoundary of its own: a refusal or an unknown receipt fails in the print layout's, inside the
// staff shell, the same 403 (or 404) page the receipt's own page gives.
