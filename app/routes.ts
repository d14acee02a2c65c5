import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";
import { PARAMETER_RESOURCES, RESOURCES } from "../domain/registry/index";
import type { ResourceDef } from "../domain/registry/types";

// The whole route table of spec §2.1 in one file. Layouts carry the guards (DESIGN §6):
// guest → /login, public → verification pages, auth → everything else.
// Every registry entry's list page is the one generic route module (DESIGN §4).

// An entry with screens of its own names its list module (`listModule`); it keeps the registry's
// loader and action there and adds only its own dialogs.
const resourceRoute = (path: string, def: ResourceDef) =>
  route(path, def.listModule ?? "routes/resource-list.tsx", { id: `resource-${def.name}` });
const PARAMETERS = "/system/parameters/";

export default [
  layout("routes/layouts/public.tsx", [
    index("routes/home.tsx", { id: "home" }),
    route("verify/collection/:collection_id?", "routes/verify.collection.tsx"),
    route("verify/transaction/:transaction_id?", "routes/verify.transaction.tsx"),
    // A Lupon certification by its docket number (decision 205).
    route("verify/kp/:docket?", "routes/verify.kp.tsx"),
    // A resident's own page: their record, their requests (decision 208).
    route("my", "routes/my.tsx"),
    route("my/request", "routes/my.certificate-request.tsx"),
    route("my/requests/:request_id", "routes/my.request.tsx"),
    route("my/appointment", "routes/my.appointment.tsx"),
  ]),
  // The hall's kiosk and TV display (decision 206): public, without the portal's header.
  layout("routes/layouts/hall.tsx", [
    route("queue/kiosk", "routes/queue.kiosk.tsx"),
    route("queue/kiosk/ticket/:ticket_id", "routes/queue.kiosk-ticket.tsx"),
    route("queue/display", "routes/queue.display.tsx"),
  ]),
  layout("routes/layouts/guest.tsx", [route("login", "routes/login.tsx")]),
  route("logout", "routes/logout.tsx"),
  // A resident's released certificate, on its paper (decision 208): signed in as the resident.
  route("my/requests/:request_id/certificate", "routes/my.certificate.tsx"),
  layout("routes/layouts/default.tsx", [
    route("dashboard", "routes/dashboard.tsx"),
    // The staff's queue window (decision 206); the day's tickets are the registry's /queue/tickets.
    route("queue", "routes/queue.window.tsx"),
    // The front desk's day of appointments (decision 207); every appointment is the registry's /appointments/list.
    route("appointments", "routes/appointments.tsx"),
    // The administrator's first-run checklist and the barangay's identity from the PSGC list (decision 218).
    route("manage/setup", "routes/setup.tsx"),
    route("manage/setup/identity", "routes/setup.identity.tsx"),
    route("test", "routes/test.tsx"),
    // The hub's administration (issue 29): its barangays, one barangay, the municipal officers.
    route("hub", "routes/hub.tsx"),
    route("hub/barangays/:barangay_id", "routes/hub.barangay.tsx"),
    route("hub/officers", "routes/hub.officers.tsx"),
    // The municipality's roll-ups for its officers (issue 29 item 4): the choice, each roll-up, its XLSX.
    route("hub/rollups", "routes/hub.rollups.tsx"),
    route("hub/rollups/:rollup", "routes/hub.rollups.rollup.tsx"),
    route("hub/rollups/:rollup/export", "routes/hub.rollups.export.ts"),
    // Every notification of the signed-in user.
    route("notifications", "routes/notifications.tsx"),
    // People and places: /Maps (also /maps: paths match regardless of case), the
    // resident's page and its children, and resident photos.
    route("Maps", "routes/maps.tsx"),
    // Import residents and households from the barangay's RBI spreadsheets (issue 33, decision 217).
    route("manage/residents/import", "routes/residents.import.tsx"),
    route("manage/residents/import/:import_id", "routes/residents.import.detail.tsx"),
    route("manage/residents/:resident_id", "routes/people.resident.tsx", { id: "resident" }, [
      index("routes/people.resident.profile.tsx", { id: "resident-index" }),
      route("profile", "routes/people.resident.profile.tsx", { id: "resident-profile" }),
      route("location", "routes/people.resident.location.tsx"),
      route("transactions", "routes/people.resident.transactions.tsx"),
      route("history", "routes/audit.history-tab.tsx", { id: "resident-history" }),
    ]),
    // Staff give a resident an account to ask from home (decision 208).
    route("manage/residents/:resident_id/account", "routes/resident-account.tsx"),
    route("photos/resident/:file", "routes/resident-photo.ts"),
    route("photos/user/:file", "routes/user-photo.ts"),
    // The barangay seal and the municipal logo that the prints show.
    route("images/barangay/:file", "routes/barangay-image.ts"),
    route("export/:resource", "routes/export.tsx"),
    // Data protection: any record's history, and the breach query of the access log.
    route("history/:resource/:id", "routes/audit.history.tsx"),
    route("system/breach-query", "routes/audit.breach.tsx"),
    // Remittances: the day list and its search child (spec §2.1).
    route("manage/remittances", "routes/remittances.tsx"),
    route("manage/remittances/search", "routes/remittances.search.tsx"),
    // One receipt and its child `transactions` (spec §2.1).
    route("manage/collections/:collection_id", "routes/collections.detail.tsx", { id: "collection-detail" }),
    route("manage/collections/:collection_id/transactions", "routes/collections.detail.tsx", { id: "collection-transactions" }),
    // A disbursement voucher's own page: its lines, signatories, cheques and balance.
    route("manage/disbursements/:disbursement_id", "routes/disbursements.detail.tsx"),
    // A Katarungang Pambarangay case's own page: its record, clock, steps and forms.
    route("manage/kp/cases/:case_id", "routes/kp.case.tsx"),
    // Transactions and certificates: one transaction, and a type's template editor.
    route("manage/transactions/:transaction_id", "routes/certificates.transaction.tsx"),
    route("system/parameters/transaction_types/:type_id/template", "routes/certificates.template-editor.tsx"),
    // Reports: the hub, one page for every report, its export (DESIGN §12).
    route("manage/reports", "routes/reports.index.tsx"),
    route("manage/reports/:report", "routes/reports.report.tsx"),
    route("manage/reports/:report/export", "routes/reports.export.ts"),
    // Data protection: a person's data as a JSON file; retention and its dry run.
    route("manage/residents/:resident_id/personal-data.json", "routes/privacy.personal-data.json.ts"),
    route("system/retention", "routes/privacy.retention.tsx"),
    // The KP forms: the barangay's language and paper, the Lupon forms, the case forms' catalogue.
    route("manage/kp/forms", "routes/kp.forms.tsx"),
    ...prefix("system", [
      route("parameters", "routes/parameters.tsx", [
        index("routes/parameters.index.tsx"),
        ...PARAMETER_RESOURCES.map((def) => resourceRoute(def.path.slice(PARAMETERS.length), def)),
      ]),
      // Access administration; the users, roles and permissions lists come from the registry.
      route("users/:user_id", "routes/system.users.detail.tsx"),
      route("blocklist", "routes/system.blocklist.tsx"),
      route("blocklist/:user_id", "routes/system.blocklist.detail.tsx"),
      route("settings", "routes/system.settings.tsx", [
        index("routes/system.settings.index.tsx"),
        route("account", "routes/system.settings.account.tsx"),
        route("notifications", "routes/system.settings.notifications.tsx"),
        route("security", "routes/system.settings.security.tsx"),
      ]),
    ]),
    ...RESOURCES.filter((def) => !def.parameter).map((def) => resourceRoute(def.path.slice(1), def)),
  ]),
  // Print views (DESIGN §8): signed in, without the shell.
  layout("routes/layouts/print.tsx", [
    route("manage/households/:household_id/print", "routes/people.household.print.tsx"),
    // The AF 51-C receipt (spec §2.1 "transactions/preview" under a collection).
    route("manage/collections/:collection_id/transactions/preview", "routes/collections.preview.tsx"),
    // The COA registers of collections as printed (RCD, RAAF).
    route("manage/reports/collections/rcd", "routes/collections.registers.tsx", { id: "collections-rcd" }),
    route("manage/reports/collections/raaf", "routes/collections.registers.tsx", { id: "collections-raaf" }),
    route("manage/transactions/:transaction_id/print", "routes/certificates.transaction.print.tsx"),
    // The disbursement voucher, the cheque, and the test print of an account's cheque stock.
    route("manage/disbursements/:disbursement_id/print", "routes/disbursements.print.tsx"),
    route("manage/cheque_issuances/:cheque_issuance_id/print", "routes/cheque-issuances.print.tsx"),
    route("system/parameters/bank_accounts/:bank_account_id/cheque-test", "routes/cheque-test-print.tsx"),
    // A roll-up of the municipality on paper, as the reports print.
    route("hub/rollups/:rollup/print", "routes/hub.rollups.print.tsx"),
    // A report on paper (A4, Letter, long bond; portrait or landscape).
    route("manage/reports/:report/print", "routes/reports.print.tsx"),
    // A KP form of a case or of the Lupon, filled from the records (decision 203).
    route("manage/kp/cases/:case_id/forms/:form/print", "routes/kp.case-form.print.tsx"),
    route("manage/kp/lupon/forms/:form/print", "routes/kp.lupon-form.print.tsx"),
    // Everything the portal holds on a person, to print or save as PDF.
    route("manage/residents/:resident_id/personal-data", "routes/privacy.personal-data.print.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
