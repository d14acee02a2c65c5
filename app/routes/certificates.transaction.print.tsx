import { ArrowLeft } from "lucide-react";
import * as React from "react";
import { data, Link } from "react-router";
import type { Route } from "./+types/certificates.transaction.print";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { buttonVariants } from "~/components/ui/button";
import { CertificateSheet } from "~/features/certificates/certificate-sheet";
import { pageTitle } from "~/lib/titles";
import { isAppError, rethrowForPage, serviceContextOf } from "../../server/http/pages/page-kit.server.ts";
import { certificateDocument } from "../../server/features/certificates/pages.server.ts";
import { logRecordPrint } from "../../server/features/audit/pages.server.ts";

// /manage/transactions/{id}/print (spec §2.4 print and print-now, §6: needs view-transaction): the
// certificate on its paper (A4, Letter or 8.5 × 13 in long bond), drawn entirely on the server —
// the page prints as it is without JavaScript; ?print=now opens the print dialog at once. Every
// load is a print: counted and audited (reprints too). An unpaid fee is refused, naming it.

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = Number(params.transaction_id);
  if (!Number.isSafeInteger(id) || id <= 0) throw data("Not Found", { status: 404 });
  const origin = new URL(request.url).origin;
  try {
    const ctx = serviceContextOf(context);
    const doc = await certificateDocument(ctx, id, { count: true, origin });
    // Printing a certificate is an access to its person's data.
    await logRecordPrint(ctx, "transaction", id);
    return { doc, refused: null };
  } catch (error) {
    if (isAppError(error) && error.status === 422) return { doc: null, refused: error.message, id };
    rethrowForPage(error);
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.doc ? `${loaderData.doc.reference_number} | Portal` : pageTitle("print") }];
}

export default function TransactionPrint({ loaderData }: Route.ComponentProps) {
  const { doc } = loaderData;
  React.useEffect(() => {
    if (doc && new URLSearchParams(window.location.search).get("print") === "now") window.print();
  }, [doc]);
  if (!doc) {
    return (
      <div className="mx-auto flex max-w-lg flex-col gap-4 rounded-xl bg-card p-6 shadow" role="alert" data-testid="print-refused">
        <h1 className="text-lg font-semibold">This certificate cannot be printed yet</h1>
        <p>{loaderData.refused}</p>
        <Link
          to={`/manage/transactions/${"id" in loaderData ? String(loaderData.id) : ""}`}
          className={buttonVariants({ variant: "outline" })}
        >
          <ArrowLeft aria-hidden="true" /> Back to the transaction
        </Link>
      </div>
    );
  }
  return (
    <>
      <div className="no-print mx-auto mb-4 flex max-w-[216mm] items-center justify-between gap-2 px-2 print:hidden">
        <Link to={`/manage/transactions/${doc.id}`} className={buttonVariants({ variant: "outline", size: "sm" })}>
          <ArrowLeft aria-hidden="true" />
          {doc.reference_number}
        </Link>
        <span className="text-sm text-muted-foreground">
          {doc.paper.size === "Long" ? "Long bond 8.5 × 13 in" : doc.paper.size} · copy {doc.print_count}
        </span>
      </div>
      <CertificateSheet doc={doc} />
    </>
  );
}

export const ErrorBoundary = ShellErrorBoundary;
