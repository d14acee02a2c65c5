import { createColumnHelper, rowSelectionFeature, tableFeatures, useTable, type RowSelectionState } from "@tanstack/react-table";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import * as React from "react";
import { Link, useSearchParams } from "react-router";
import { Checkbox } from "~/components/ui/checkbox";
import { Table, TableBody, TableCaption, TableCell, TableContainer, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { cn } from "~/lib/utils";
import { rowLinkHref, type ColumnDef, type ListQuery, type ListDef } from "@domain/registry/types";
import { CellValue, isNumericKind } from "./cells";
import { displayText } from "@domain/format";
import { mainLinkOf, RowActionsMenu, rowActions, rowMenuHref, type Gates } from "./row-actions";
import { listHref } from "./urls";
import { getLocale, m } from "@domain/i18n";

// The one DataTable of DESIGN §8 (TanStack Table 9): headless rows and selection from the library,
// markup, sorting links and row actions here. Sorting, paging and filtering are the server's: every
// control is a link or a form to the list's address.

export type ResourceRow = Record<string, unknown> & { id: number };

const features = tableFeatures({ rowSelectionFeature });
const helper = createColumnHelper<typeof features, ResourceRow>();

const MOBILE_HIDDEN = "hidden md:table-cell";
/**
 * The actions column stays at the table's right edge at every width: where the
 * table scrolls sideways (a phone, a wide entry) the row menu is always in reach.
 */
const STICKY_ACTIONS = "sticky right-0 z-[1] max-md:shadow-[-6px_0_6px_-6px_rgb(0_0_0/0.25)]";

export interface DataTableProps {
  def: ListDef;
  rows: ResourceRow[];
  query: ListQuery;
  gates: Gates;
  /** The id of the bulk form the row checkboxes post with (multi-delete, multi-restore). */
  bulkFormId?: string;
  rowSelection: RowSelectionState;
  onRowSelectionChange: React.Dispatch<React.SetStateAction<RowSelectionState>>;
  empty: React.ReactNode;
  busy?: boolean;
}

function nameOf(def: ListDef, row: ResourceRow): string {
  const value = row[def.displayField];
  return value == null || value === "" ? m.resource_table_row_name({ singular: def.labels.singular, id: row.id }) : String(value);
}

export function DataTable({ def, rows, query, gates, bulkFormId, rowSelection, onRowSelectionChange, empty, busy }: DataTableProps) {
  const selectable = !!bulkFormId;
  // The row whose menu the address opens (`menu=<id>`, the way in without JavaScript).
  const openMenu = useSearchParams()[0].get("menu");
  const columnsById = React.useMemo(() => new Map<string, ColumnDef>(def.columns.map((c) => [c.key, c])), [def]);

  const columns = React.useMemo(() => {
    const list = [];
    if (selectable) {
      list.push(
        helper.display({
          id: "_select",
          header: ({ table }) => (
            <Checkbox
              aria-label={m.resource_table_select_all({ plural: def.labels.plural })}
              checked={table.getIsAllPageRowsSelected()}
              indeterminate={table.getIsSomePageRowsSelected() && !table.getIsAllPageRowsSelected()}
              onChange={table.getToggleAllPageRowsSelectedHandler()}
              disabled={rows.length === 0}
            />
          ),
          cell: ({ row }) => (
            <Checkbox
              name="ids"
              value={String(row.original.id)}
              form={bulkFormId}
              aria-label={m.resource_table_select_row({ name: nameOf(def, row.original) })}
              checked={row.getIsSelected()}
              onChange={row.getToggleSelectedHandler()}
            />
          ),
        }),
      );
    }
    // The main column (the display field's, else the first) opens the record's own page.
    const mainKey = (def.columns.find((c) => c.key === def.displayField) ?? def.columns[0])?.key;
    for (const column of def.columns) {
      list.push(
        helper.accessor((row) => row[column.key], {
          id: column.key,
          header: column.label,
          cell: (info) => {
            const link = column.key === mainKey ? mainLinkOf(def, info.row.original, gates) : null;
            if (!link) return <CellValue column={column} value={info.getValue()} />;
            // Underlined at rest (the text, not a person's initials), not only on hover: a link must look like one (WCAG 1.4.1).
            return (
              <Link
                to={rowLinkHref(link, info.row.original)}
                target={link.newTab ? "_blank" : undefined}
                rel={link.newTab ? "noreferrer" : undefined}
                title={displayText(column.kind, info.getValue(), getLocale()) || undefined}
                className="group/main inline-block rounded-sm text-primary-ink focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                data-testid="row-main-link"
              >
                <CellValue column={column} value={info.getValue()} inLink />
              </Link>
            );
          },
        }),
      );
    }
    list.push(
      helper.display({
        id: "_actions",
        header: () => <span className="sr-only">{m.resource_actions_header()}</span>,
        cell: ({ row }) => (
          <RowActionsMenu
            actions={rowActions(def, row.original, gates, query)}
            name={nameOf(def, row.original)}
            menuHref={rowMenuHref(query, row.original.id)}
            open={openMenu === String(row.original.id)}
          />
        ),
      }),
    );
    return list;
  }, [def, gates, query, selectable, bulkFormId, rows.length, openMenu]);

  const table = useTable({
    features,
    columns,
    data: rows,
    getRowId: (row) => String(row.id),
    state: { rowSelection },
    onRowSelectionChange,
  });

  const headerGroup = table.getHeaderGroups()[0];
  const captionId = `${def.name}-caption`;

  return (
    <TableContainer aria-busy={busy || undefined} data-testid="data-table">
      <Table aria-describedby={undefined}>
        <TableCaption id={captionId} className="sr-only">
          {rows.length === 0
            ? m.resource_table_caption_empty({ title: def.labels.title })
            : m.resource_table_caption({ title: def.labels.title, count: rows.length })}
          {query.sort
            ? (query.order === "desc" ? m.resource_table_caption_sorted_desc : m.resource_table_caption_sorted_asc)({
                column: columnsById.get(query.sort)?.label ?? query.sort,
              })
            : ""}
        </TableCaption>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            {headerGroup.headers.map((header) => {
              const column = columnsById.get(header.column.id);
              if (!column) {
                return (
                  <TableHead
                    key={header.id}
                    className={cn(header.column.id === "_select" ? "w-10 pr-0" : cn("w-12 text-right", STICKY_ACTIONS, "bg-muted"))}
                  >
                    <table.FlexRender header={header} />
                  </TableHead>
                );
              }
              const sorted = query.sort === column.key ? query.order : null;
              return (
                <TableHead
                  key={header.id}
                  scope="col"
                  aria-sort={column.sortable ? (sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : "none") : undefined}
                  // A long label ("Quantity generated") may take two lines rather than widen the table.
                  className={cn("whitespace-normal", column.hideOnMobile && MOBILE_HIDDEN, isNumericKind(column) && "text-right")}
                >
                  {column.sortable ? <SortLink column={column} query={query} sorted={sorted} /> : <table.FlexRender header={header} />}
                </TableHead>
              );
            })}
          </TableRow>
        </TableHeader>
        <TableBody>
          {table.getRowModel().rows.length === 0 ? (
            <TableRow className="hover:bg-transparent">
              <TableCell colSpan={headerGroup.headers.length} className="py-12 text-center">
                {empty}
              </TableCell>
            </TableRow>
          ) : (
            table.getRowModel().rows.map((row) => (
              <TableRow key={row.id} data-state={row.getIsSelected() ? "selected" : undefined} data-row-id={row.original.id}>
                {row.getAllCells().map((cell) => {
                  const column = columnsById.get(cell.column.id);
                  return (
                    <TableCell
                      key={cell.id}
                      className={cn(
                        cell.column.id === "_select" && "w-10 pr-0",
                        cell.column.id === "_actions" && cn("w-12 py-1 text-right", STICKY_ACTIONS, "bg-card"),
                        column?.hideOnMobile && MOBILE_HIDDEN,
                        column && isNumericKind(column) && "text-right",
                        column?.key === def.displayField && "font-medium",
                      )}
                    >
                      <table.FlexRender cell={cell} />
                    </TableCell>
                  );
                })}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function SortLink({ column, query, sorted }: { column: ColumnDef; query: ListQuery; sorted: "asc" | "desc" | null }) {
  const next = sorted === "asc" ? "desc" : "asc";
  const Icon = sorted === "asc" ? ArrowUp : sorted === "desc" ? ArrowDown : ArrowUpDown;
  return (
    <Link
      to={listHref(query, { sort: column.key, order: next, page: 1 })}
      preventScrollReset
      className={cn(
        "-mx-1.5 inline-flex items-center gap-1 rounded px-1.5 py-1 uppercase hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
        sorted && "text-foreground",
      )}
    >
      {column.label}
      <Icon aria-hidden="true" className={cn("size-3.5", !sorted && "opacity-50")} />
      <span className="sr-only">
        {sorted === "asc" ? m.resource_table_sorted_asc() : sorted === "desc" ? m.resource_table_sorted_desc() : m.resource_table_sort()}
      </span>
    </Link>
  );
}
