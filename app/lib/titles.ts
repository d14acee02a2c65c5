import { m } from "@domain/i18n";

/**
 * Page title rule (spec §2.1): the last dash-separated segment of the route name, in capitalised
 * words, followed by " | Portal". "manage-residents-id-profile" → "Profile | Portal".
 *
 * In Filipino (issue 33 item 4) the English words are the key of their translation in the shell
 * catalogs (`shell_title_…`): every title a route name gives is listed below; one that is not falls
 * back to the English words. English titles stay exactly the rule's.
 */
export function titleFromRouteName(routeName: string): string {
  const last = routeName.split("-").filter(Boolean).pop() ?? "";
  const words = last.replace(/_/g, " ").trim();
  return words.replace(/\b\w/g, (c) => c.toUpperCase());
}

let titles: Map<string, () => string> | undefined;

/** The rule's English words → their message, built on first use. */
function titleMessages(): Map<string, () => string> {
  titles ??= new Map(
    [
      m.shell_title_home,
      m.shell_title_login,
      m.shell_title_dashboard,
      m.shell_title_test,
      m.shell_title_not_found,
      m.shell_title_forbidden,
      m.shell_title_error,
      m.shell_title_maintenance,
      m.shell_title_account,
      m.shell_title_notifications,
      m.shell_title_security,
      m.shell_title_profile,
      m.shell_title_location,
      m.shell_title_print,
      m.shell_title_maps,
      m.shell_title_search,
      m.shell_title_remittances,
      m.shell_title_user,
      m.shell_title_entry,
      m.shell_title_parameters,
      m.shell_title_reports,
      m.shell_title_queue,
      m.shell_title_appointments,
      m.shell_title_kiosk,
      m.shell_title_ticket,
      m.shell_title_display,
      m.shell_title_collection,
      m.shell_title_transaction,
      m.shell_title_kp_certification,
      m.shell_title_blocklist,
      m.shell_title_banks,
      m.shell_title_bank_accounts,
      m.shell_title_business_lines,
      m.shell_title_occupations,
      m.shell_title_puroks,
      m.shell_title_religions,
      m.shell_title_form_types,
      m.shell_title_collection_types,
      m.shell_title_disbursement_types,
      m.shell_title_payment_natures,
      m.shell_title_transaction_types,
      m.shell_title_non_residents,
      m.shell_title_organizations,
      m.shell_title_officials,
      m.shell_title_holidays,
      m.shell_title_residents,
      m.shell_title_households,
      m.shell_title_disaster_prone_areas,
      m.shell_title_businesses,
      m.shell_title_users,
      m.shell_title_roles,
      m.shell_title_permissions,
      m.shell_title_transactions,
      m.shell_title_form_pads,
      m.shell_title_form_numbers,
      m.shell_title_collections,
      m.shell_title_cheque_books,
      m.shell_title_cheque_numbers,
      m.shell_title_disbursements,
      m.shell_title_cheque_issuances,
      m.shell_title_log,
      m.shell_title_lupon,
      m.shell_title_cases,
      m.shell_title_hearings,
      m.shell_title_queue_services,
      m.shell_title_queue_windows,
      m.shell_title_tickets,
      m.shell_title_resident_requests,
      m.shell_title_appointment_hours,
      m.shell_title_list,
    ].map((message) => [message({}, { locale: "en" }), message]),
  );
  return titles;
}

/** The rule's English title in the current language (the English itself when it has no message). */
export function translatedTitle(english: string): string {
  return titleMessages().get(english)?.() ?? english;
}

/** "<title> | Portal": a page's <title> from words already in the current language. */
export function pageTitleOf(title: string): string {
  return title ? `${title} | ${m.shell_title_portal()}` : m.shell_title_portal();
}

/**
 * "<title> | Hub": a hub page's <title> (issue 29), from words already in the current language. "Hub"
 * is the deployment's name, the same in both languages.
 */
export function hubTitleOf(title: string): string {
  return `${title} | Hub`;
}

export function pageTitle(routeName: string): string {
  return pageTitleOf(translatedTitle(titleFromRouteName(routeName)));
}

export function titleMeta(routeName: string) {
  return [{ title: pageTitle(routeName) }];
}
