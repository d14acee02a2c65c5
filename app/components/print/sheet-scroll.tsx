import type * as React from "react";
import { TableContainer } from "~/components/ui/table";
import { cn } from "~/lib/utils";

// A wide table of a print view (a report, the RCD, the RAAF): on a screen narrower than the paper
// (a phone) it scrolls inside the sheet instead of running off the page; on paper it is laid out
// whole. The region takes focus so the keyboard can scroll it, and is named for screen readers.

export function SheetTableScroll({ label, className, children }: { label: string; className?: string; children: React.ReactNode }) {
  return (
    <TableContainer
      tabIndex={0}
      role="region"
      aria-label={label}
      data-slot="sheet-scroll"
      className={cn("focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none print:overflow-visible", className)}
    >
      {children}
    </TableContainer>
  );
}
