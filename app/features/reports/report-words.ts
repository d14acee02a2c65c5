import { m } from "@domain/i18n";
import { hasTerm, term } from "@domain/i18n/terms";
import type { ReportChart, ReportDef } from "@domain/reports/types";
import type { FilterDef } from "@domain/registry/types";

// A report's words on its screen, in the reader's language (issue 33 item 4). The definitions
// (domain/reports) keep the English the print and the XLSX use, documents in their template's
// language; the page reads its titles, questions, sections, columns, filters, cards and charts
// through these message functions, and a word without one is the registry's term for it
// (domain/i18n/terms.ts), else stays as the definition writes it.

/** Each report's title and question, by its name. */
const REPORTS: Record<string, { title: () => string; answers: () => string }> = {
  "residents": { title: m.people_report_residents_title, answers: m.people_report_residents_answers },
  "households": { title: m.people_report_households_title, answers: m.people_report_households_answers },
  "religions": { title: m.people_report_religions_title, answers: m.people_report_religions_answers },
  "collections": { title: m.people_report_collections_title, answers: m.people_report_collections_answers },
  "cheque-disbursements": { title: m.people_report_cheque_disbursements_title, answers: m.people_report_cheque_disbursements_answers },
  "cheque-issuances": { title: m.people_report_cheque_issuances_title, answers: m.people_report_cheque_issuances_answers },
  "cheque-registrations": { title: m.people_report_cheque_registrations_title, answers: m.people_report_cheque_registrations_answers },
  "queue": { title: m.people_report_queue_title, answers: m.people_report_queue_answers },
};

/** The people reports' sections, columns, charts, filters and cards, by their English. */
const WORDS: Record<string, () => string> = {
  "Population by purok": m.people_report_word_population_by_purok,
  "Population by age group and sex": m.people_report_word_population_by_age_group_and_sex,
  "PSA five-year age groups; age as of today.": m.people_report_word_psa_five_year_age_groups_age_as_of_today,
  "Civil status": m.people_report_word_civil_status,
  "Sectors": m.people_report_word_sectors,
  "A resident may belong to several sectors, so the rows do not add up.": m.people_report_word_a_resident_may_belong_to_several_sectors,
  "Records of Barangay Inhabitants, by purok": m.people_report_word_records_of_barangay_inhabitants_by_purok,
  "The RBI listing for the DILG submission.": m.people_report_word_the_rbi_listing_for_the_dilg_submission,
  "Purok": m.people_report_word_purok,
  "Last name": m.people_report_word_last_name,
  "First name": m.people_report_word_first_name,
  "Middle name": m.people_report_word_middle_name,
  "Ext.": m.people_report_word_ext,
  "Address": m.people_report_word_address,
  "Date of birth": m.people_report_word_date_of_birth,
  "Age": m.people_report_word_age,
  "Sex": m.people_report_word_sex,
  "Citizenship": m.people_report_word_citizenship,
  "Occupation": m.people_report_word_occupation,
  "Male": m.people_report_word_male,
  "Female": m.people_report_word_female,
  "Not stated": m.people_report_word_not_stated,
  "Total": m.people_report_word_total,
  "Age group": m.people_report_word_age_group,
  "Sector": m.people_report_word_sector,
  "Population pyramid": m.people_report_word_population_pyramid,
  "Households by purok": m.people_report_word_households_by_purok,
  "Households": m.people_report_word_households,
  "People": m.people_report_word_people,
  "Average size": m.people_report_word_average_size,
  "Members per household": m.people_report_word_members_per_household,
  "Household size": m.people_report_word_household_size,
  "People at risk, by hazard and purok": m.people_report_word_people_at_risk_by_hazard_and_purok,
  "Households of puroks listed as disaster-prone for the hazard (for the disaster council).": m.people_report_word_households_of_puroks_listed_as_disaster,
  "Hazard": m.people_report_word_hazard,
  "Affected area": m.people_report_word_affected_area,
  "No.": m.people_report_word_no,
  "Household head": m.people_report_word_household_head,
  "Hazards": m.people_report_word_hazards,
  "Residents by religion": m.people_report_word_residents_by_religion,
  "Religion by purok": m.people_report_word_religion_by_purok,
  "One column per purok.": m.people_report_word_one_column_per_purok,
  "Religion": m.people_report_word_religion,
  "Residents": m.people_report_word_residents,
  "Registered": m.people_report_word_registered,
  "Senior citizens (60+)": m.people_report_word_senior_citizens_60,
  "Persons with disability": m.people_report_word_persons_with_disability,
  "Solo parents": m.people_report_word_solo_parents,
  "4Ps beneficiaries": m.people_report_word_4ps_beneficiaries,
  "Overseas Filipino workers": m.people_report_word_overseas_filipino_workers,
  "Indigenous people": m.people_report_word_indigenous_people,
  "Registered voters": m.people_report_word_registered_voters,
  "80 and over": m.people_report_word_80_and_over,
  "People in households": m.people_report_word_people_in_households,
  "Average household size": m.people_report_word_average_household_size,
  "People in disaster-prone puroks": m.people_report_word_people_in_disaster_prone_puroks,
  "Residents counted": m.people_report_word_residents_counted,
  "Religions": m.people_report_word_religions,
  "Largest": m.people_report_word_largest,
  "Religion not stated": m.people_report_word_religion_not_stated,
  "Population": m.people_report_word_population,
  "Senior citizens": m.people_report_word_senior_citizens,
  "60 years and over": m.people_report_word_60_years_and_over,
  "Totals per fund": m.people_report_word_totals_per_fund,
  "Receipts": m.people_report_word_receipts,
  "B. Deposits": m.people_report_word_b_deposits,
  "Bank/Branch": m.people_report_word_bank_branch,
  "Reference": m.people_report_word_reference,
  "C. Accountability for accountable forms": m.people_report_word_c_accountability_for_accountable_forms,
  "Per pad: beginning balance, received, issued (used or spoiled) and ending balance, with serial ranges.": m.people_report_word_per_pad_beginning_balance_received_issue,
  "A. Collections": m.people_report_word_a_collections,
  "Receipts in date and number order, cancelled ones included (amount 0).": m.people_report_word_receipts_in_date_and_number_order_cancel,
  "Collections per fund": m.people_report_word_collections_per_fund,
  "Per service": m.people_report_word_per_service,
  "Tickets": m.people_report_word_tickets,
  "Priority": m.people_report_word_priority,
  "Served": m.people_report_word_served,
  "Average wait (min)": m.people_report_word_average_wait_min,
  "Longest wait (min)": m.people_report_word_longest_wait_min,
  "Average service (min)": m.people_report_word_average_service_min,
  "Longest service (min)": m.people_report_word_longest_service_min,
  "Per window": m.people_report_word_per_window,
  "The tickets each window called: the waits it ended and the services it gave.": m.people_report_word_the_tickets_each_window_called_the_waits,
  "Wait (min)": m.people_report_word_wait_min,
  "Service (min)": m.people_report_word_service_min,
  "Average minutes per service": m.people_report_word_average_minutes_per_service,
  "Serving": m.people_report_word_serving,
  "Cases by outcome": m.people_report_word_cases_by_outcome,
  "Cases by nature and outcome": m.people_report_word_cases_by_nature_and_outcome,
  "One row per nature of the dispute as entered (the same words in any capitals count together); one column per outcome.": m.people_report_word_one_row_per_nature_of_the_dispute_as_ent,
};

/** A word of a report's screen in the reader's language; the definition's English when it has none. */
export function reportWord(english: string): string {
  return WORDS[english]?.() ?? (hasTerm(english) ? term(english) : english);
}

/** A report's title on its screen. */
export function reportTitle(def: Pick<ReportDef, "name" | "title">): string {
  return REPORTS[def.name]?.title() ?? def.title;
}

/** The question a report answers, on the hub and under its title. */
export function reportAnswers(def: Pick<ReportDef, "name" | "answers">): string {
  return REPORTS[def.name]?.answers() ?? def.answers;
}

/** A report's heading on its page: "Residents report", or its own (the KP books). */
export function reportScreenHeading(def: Pick<ReportDef, "name" | "title" | "heading">): string {
  if (def.heading || !REPORTS[def.name]) return def.heading ?? m.people_report_heading({ title: def.title });
  return m.people_report_heading({ title: reportTitle(def) });
}

/** A section's title and description on the screen. */
export function sectionTitle(_def: unknown, section: { title: string }): string {
  return reportWord(section.title);
}

/** A filter with its label and choices in the reader's language (the values stay). */
export function screenFilter(filter: FilterDef): FilterDef {
  const translated = { ...filter, label: reportWord(filter.label) } as FilterDef;
  if ("options" in filter && Array.isArray(filter.options))
    (translated as { options: unknown }).options = filter.options.map((o: { value: string; label: string }) => ({ ...o, label: reportWord(o.label) }));
  return translated;
}

/** A chart with its title and series in the reader's language. */
export function screenChart(chart: ReportChart): ReportChart {
  return { ...chart, title: reportWord(chart.title), series: chart.series.map((s) => ({ ...s, label: reportWord(s.label) })) };
}
