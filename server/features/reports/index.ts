// Every report's query, registered on import (server/features/reports/registry.ts). A new report adds its
// module here and its entry in domain/reports/registry.ts (docs/architecture.md).
import "./residents.ts";
import "./households.ts";
import "./religions.ts";
import "../collections/report.ts";
import "../disbursements/reports.ts";
import "../queue/report.ts";
import "./kp.ts";

export { defineReport, listingRows, openReport, openReportReading, reportsFor, runReport, totalsOf } from "./registry.ts";
