import { ArrowLeft, Printer } from "lucide-react";
import * as React from "react";
import { Link, useRouteError } from "react-router";
import { ErrorPage } from "~/components/shell/error-page";
import { Button, buttonVariants } from "~/components/ui/button";
import { useRootData } from "~/lib/root-data";
import { cn } from "~/lib/utils";
import { m } from "@domain/i18n";

// What every print view shares (DESIGN §8, §12): print-now, and the screen-only bar above the
// sheet with the way back and a Print button. The bar never prints (`no-print`, `print:hidden`), so
// its words are the reader's language while the sheet keeps its template's.

/** Print-now (spec §2.4): with `?print=now` the browser's print dialog opens once the sheet is shown. */
export function usePrintNow(ready = true): void {
  React.useEffect(() => {
    if (ready && new URLSearchParams(window.location.search).get("print") === "now") window.print();
  }, [ready]);
}

export function PrintBar({
  backTo,
  backLabel,
  className,
  style,
  children,
}: {
  backTo: string;
  backLabel: string;
  /** The sheet's width, so the bar lines up with it ("w-[8.5in]", "w-[210mm]"). */
  className?: string;
  style?: React.CSSProperties;
  /** Controls between the way back and Print (copies, paper, offsets). */
  children?: React.ReactNode;
}) {
  return (
    <div
      className={cn("no-print mx-auto mb-4 flex max-w-full items-center justify-between gap-2 px-2 print:hidden", className)}
      style={style}
    >
      <Link to={backTo} className={buttonVariants({ variant: "outline", size: "sm" })}>
        <ArrowLeft aria-hidden="true" />
        {backLabel}
      </Link>
      {children}
      <Button size="sm" onClick={() => window.print()} data-testid="print-now">
        <Printer aria-hidden="true" />
        {m.shell_print_button()}
      </Button>
    </div>
  );
}

/** The error page of a print view: without the shell (print views have none). */
export function PrintErrorBoundary() {
  const error = useRouteError();
  const root = useRootData();
  return <ErrorPage error={error} loggedIn={!!root?.user} />;
}
