import { Download } from "lucide-react";
import type { Route } from "./+types/privacy.personal-data.print";
import { PrintBar, PrintErrorBoundary, usePrintNow } from "~/components/print/print-bar";
import { buttonVariants } from "~/components/ui/button";
import { PersonalDataSheet } from "~/features/privacy/personal-data-sheet";
import { personalDataSheet } from "../../server/features/privacy/personal-data.server.ts";

// /manage/residents/{id}/personal-data: everything the portal holds
// on the person, to print or save as PDF, with the same data as a JSON file one click away. Needs
// export-personal_data; each showing is logged (access log: printed).

export function loader(args: Route.LoaderArgs) {
  return personalDataSheet(args, args.params.resident_id);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `Personal data of ${loaderData.person.fullname} | Portal` : "Personal data | Portal" }];
}

const PRINT_CSS = `
@page { size: A4 portrait; margin: 12mm; @bottom-right { content: counter(page) " / " counter(pages); font-size: 8pt; } }
@media print {
  html, body { background: #fff !important; }
  .personal-data-sheet { box-shadow: none !important; margin: 0 !important; width: auto !important; padding: 0 !important; }
  .personal-data-sheet h2 { break-after: avoid; }
}
`;

export default function PersonalDataPrint({ loaderData }: Route.ComponentProps) {
  const id = loaderData.person.id;
  usePrintNow();
  return (
    <>
      <style>{PRINT_CSS}</style>
      <PrintBar backTo={`/manage/residents/${id}/profile`} backLabel="Resident" className="w-[210mm]">
        <a
          href={`/manage/residents/${id}/personal-data.json`}
          download
          className={buttonVariants({ variant: "outline", size: "sm" })}
          data-testid="download-json"
        >
          <Download aria-hidden="true" />
          JSON file
        </a>
      </PrintBar>
      <PersonalDataSheet data={loaderData} />
    </>
  );
}

export const ErrorBoundary = PrintErrorBoundary;
