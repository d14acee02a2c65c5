import type { ServiceContext } from "../../context.ts";
import type { ReportCard, ReportColumn, ReportLetter, ReportRow, ReportSignature } from "../../../domain/reports/types.ts";

// The reports layer (DESIGN §12), server half: a report's query. Its definition (title, filters,
// sections, columns, chart, paper) is the isomorphic entry in domain/reports/registry.ts;
// this is the SQL behind it, registered under the same name with defineReport().

/** The §10 filter object, parsed from the address or the REST query by the report's FilterDefs. */
export type ReportFilters = Readonly<Record<string, string>>;

export interface ReportQueryArgs {
  ctx: ServiceContext;
  filters: ReportFilters;
  /** Today in Asia/Manila, "YYYY-MM-DD": ages and "this month" are counted from it. */
  today: string;
}

export interface ReportSummary {
  cards: ReportCard[];
  /** The aggregate sections by key; `columns` only where the columns are data (crosstabs). */
  sections: Record<string, { rows: ReportRow[]; columns?: ReportColumn[] }>;
  /** The report is a letter: its addressee and opening (the KP monthly transmittal). */
  letter?: ReportLetter;
  /** Who signs the printed report, in place of the default "Prepared by / Noted by". */
  signatures?: ReportSignature[];
  /** Filters the query applied when none was given (the transmittal's month): shown as if chosen. */
  defaults?: Record<string, string>;
}

/** The listing section of a report: every matching row, in one stable order. */
export interface ReportListingQuery {
  count(args: ReportQueryArgs): Promise<number>;
  /** The totals row over every matching row; by default none. */
  totals?(args: ReportQueryArgs): Promise<ReportRow | null>;
  page(args: ReportQueryArgs, offset: number, limit: number): Promise<ReportRow[]>;
  /**
   * Every matching row in the same order, a batch at a time, for the export (streamed) and the
   * print. By default the pages one after another.
   */
  batches?(args: ReportQueryArgs): AsyncGenerator<ReportRow[]>;
}

export interface ReportQuery {
  summary(args: ReportQueryArgs): Promise<ReportSummary>;
  listing?: ReportListingQuery;
}
