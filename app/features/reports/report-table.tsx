import { SheetTableScroll } from "~/components/print/sheet-scroll";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { cn } from "~/lib/utils";
import { formatCell, isNumeric } from "./format";
import type { ReportColumn, ReportRow } from "@domain/reports/types";
import { EmptyTableRow } from "~/components/screen-table";
import { m } from "@domain/i18n";
import { reportWord } from "./report-words";

// The printed report keeps its template's language (English); the screen reads the user's.
const PRINT_EMPTY = "No records match the filters.";
const PRINT_TOTAL = "Total";

/** A report section's table: typed cells, numbers right-aligned, a bold totals row in the footer. */
export function ReportTable({
  columns,
  rows,
  totals,
  caption,
  testId,
  print = false,
}: {
  columns: readonly ReportColumn[];
  rows: readonly ReportRow[];
  totals: ReportRow | null;
  caption: string;
  testId?: string;
  print?: boolean;
}) {
  const hide = (column: ReportColumn) => (!print && column.hideOnMobile ? "hidden md:table-cell" : "");
  const align = (column: ReportColumn) => (isNumeric(column) ? "text-right tabular-nums" : "");
  const body = (
    <Table className={cn(print && "text-[9pt]")} data-testid={testId}>
      <caption className="sr-only">{caption}</caption>
      <TableHeader className={cn(print && "bg-transparent")}>
        <TableRow>
          {columns.map((c) => (
            <TableHead
              key={c.key}
              scope="col"
              className={cn(
                align(c),
                hide(c),
                print && "h-auto border-b border-black px-1 py-1 text-[7.5pt] tracking-normal whitespace-normal text-black",
              )}
            >
              {print ? c.label : reportWord(c.label)}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.length === 0 ? (
          <EmptyTableRow colSpan={columns.length}>{print ? PRINT_EMPTY : m.people_report_empty()}</EmptyTableRow>
        ) : (
          rows.map((row, i) => (
            <TableRow key={i} className={cn(print && "break-inside-avoid hover:bg-transparent")}>
              {columns.map((c, j) =>
                j === 0 ? (
                  <TableHead
                    key={c.key}
                    scope="row"
                    className={cn(
                      "h-auto min-w-32 text-sm font-medium tracking-normal whitespace-normal text-foreground normal-case",
                      align(c),
                      hide(c),
                      print && "min-w-0 px-1.5 py-0.5 text-[9pt] text-black",
                      print && c.nowrap && "whitespace-nowrap",
                    )}
                  >
                    {formatCell(c, row[c.key])}
                  </TableHead>
                ) : (
                  <TableCell
                    key={c.key}
                    className={cn(
                      align(c),
                      hide(c),
                      print
                        ? cn("px-1 py-0.5 break-words", (c.nowrap || c.kind === "date") && "whitespace-nowrap")
                        : c.wrap
                          ? "min-w-48"
                          : "whitespace-nowrap",
                    )}
                  >
                    {formatCell(c, row[c.key])}
                  </TableCell>
                ),
              )}
            </TableRow>
          ))
        )}
      </TableBody>
      {totals ? (
        <tfoot
          className={cn("border-t-2 font-semibold", print ? "border-black" : "bg-muted/60")}
          data-testid={testId ? `${testId}-totals` : undefined}
        >
          <TableRow className="hover:bg-transparent">
            {columns.map((c, j) => (
              <TableCell key={c.key} className={cn(align(c), hide(c), print && "px-1.5 py-1")}>
                {j === 0 && totals[c.key] == null ? (print ? PRINT_TOTAL : m.people_report_total()) : formatCell(c, totals[c.key])}
              </TableCell>
            ))}
          </TableRow>
        </tfoot>
      ) : null}
    </Table>
  );
  // A wide table scrolls inside its card (and inside a print view's sheet on a phone); on paper it
  // is laid out whole.
  return <SheetTableScroll label={caption}>{body}</SheetTableScroll>;
}
