import * as React from "react";
import { data, Link } from "react-router";
import type { Route } from "./+types/my.certificate";
import { buttonVariants } from "~/components/ui/button";
import { m } from "@domain/i18n";
import { CertificateSheet } from "~/features/certificates/certificate-sheet";
import { myCertificatePage } from "../../server/features/resident-requests/pages.server.ts";

// /my/requests/{id}/certificate (decision 208): the resident's released certificate — the same
// sheet, the same verification code and QR as the staff print, drawn on the server. "Save as PDF"
// is the browser's print. Outside the staff's print layout, which refuses a resident's account.

export function loader(args: Route.LoaderArgs) {
  const id = Number(args.params.request_id);
  if (!Number.isSafeInteger(id) || id <= 0) throw data("Not Found", { status: 404 });
  return myCertificatePage(args, id);
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: `${loaderData?.doc?.reference_number ?? m.office_my_cert_label()} | Portal` }];

export default function MyCertificate({ loaderData, params }: Route.ComponentProps) {
  const { doc } = loaderData;
  React.useEffect(() => {
    if (doc && new URLSearchParams(window.location.search).get("print") === "now") window.print();
  }, [doc]);
  return (
    <main className="min-h-screen bg-stone-200 py-6 print:bg-white print:py-0 dark:bg-stone-900">
      <div className="no-print mx-auto mb-4 flex max-w-[216mm] flex-wrap items-center justify-between gap-2 px-2 print:hidden">
        <Link to={`/my/requests/${params.request_id}`} className={buttonVariants({ variant: "outline", size: "sm" })}>
          {m.office_my_certificate_back()}
        </Link>
        {doc ? (
          <button type="button" className={buttonVariants({ size: "sm" })} onClick={() => window.print()}>
            {m.office_my_certificate_print()}
          </button>
        ) : null}
      </div>
      {doc ? (
        <CertificateSheet doc={doc} />
      ) : (
        <p role="alert" className="mx-auto max-w-lg rounded-xl bg-card p-6 shadow">
          {loaderData.refused}
        </p>
      )}
    </main>
  );
}
