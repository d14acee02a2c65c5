import type * as React from "react";
import { TableCell, TableRow } from "~/components/ui/table";
import { cn } from "~/lib/utils";
import { formatMoney } from "@domain/money";
import { m } from "@domain/i18n";

/** A column of a plain screen table: its heading, and whether it holds amounts (right-aligned). */
export type ScreenColumn = { label: string; numeric?: boolean; className?: string };

/** The heading row of a plain (not TanStack) table on a screen: one `th scope="col"` a column. */
export function ColumnHeads({ columns, className = "border-b bg-muted/50 text-left" }: { columns: ScreenColumn[]; className?: string }) {
  return (
    <thead className={className}>
      <tr>
        {columns.map((c) => (
          <th key={c.label} scope="col" className={cn("px-3 py-2", c.numeric && "text-right", c.className)}>
            {c.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** A plain table in a card that scrolls sideways on a phone; `children` are its body rows. */
export function CardTable({ columns, testId, children }: { columns: ScreenColumn[]; testId?: string; children: React.ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-lg border bg-card">
      <table className="w-full text-sm" data-testid={testId}>
        <ColumnHeads columns={columns} />
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** The one row of a table with nothing to show: its message across every column. */
export function EmptyTableRow({
  colSpan,
  className,
  testId,
  children,
}: {
  colSpan: number;
  className?: string;
  testId?: string;
  children: React.ReactNode;
}) {
  return (
    <TableRow>
      <TableCell colSpan={colSpan} className={cn("py-6 text-center text-muted-foreground", className)} data-testid={testId}>
        {children}
      </TableCell>
    </TableRow>
  );
}

/** One line of a document: what it is, a second column (its account code, its description), its amount. */
export interface AmountLine {
  what: React.ReactNode;
  detail: React.ReactNode;
  amount: string;
}

/**
 * The lines of a document with their amounts and the total under them — a receipt's natures of
 * collection, a voucher's natures of payment — on the document's page.
 */
export function AmountLinesTable({
  caption,
  heads,
  lines,
  total,
  testId,
}: {
  caption: string;
  /** The first two columns' headings; the third is "Amount". */
  heads: [string, string];
  lines: AmountLine[];
  total: string;
  testId?: string;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border bg-card">
      <table className="w-full text-sm" data-testid={testId}>
        <caption className="px-3 pt-3 text-left font-semibold">{caption}</caption>
        <ColumnHeads columns={[{ label: heads[0] }, { label: heads[1] }, { label: m.shell_amount(), numeric: true }]} />
        <tbody>
          {lines.map((l, i) => (
            <tr key={i} className="border-b">
              <td className="px-3 py-2">{l.what}</td>
              <td className="px-3 py-2 break-words">{l.detail}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatMoney(l.amount)}</td>
            </tr>
          ))}
          <tr className="font-semibold">
            <td colSpan={2} className="px-3 py-2 text-right">
              {m.shell_total()}
            </td>
            <td className="px-3 py-2 text-right tabular-nums">{formatMoney(total)}</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}
