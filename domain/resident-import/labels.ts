import { m } from "../i18n/index.ts";
import type { Label } from "../i18n/labels.ts";
import type { ImportField } from "./rbi.ts";

// The resident import's columns in the reader's language (issue 33 item 4), as its mapping step
// names them. IMPORT_FIELD_LABELS (./rbi.ts) keeps the spec's English; the fields that are the
// resident form's reuse its terms, the rest are messages/<locale>/labels.json's. Typed over the fields: a new one without a message fails the
// typecheck.

export const IMPORT_FIELD_LABEL: Readonly<Record<ImportField, Label>> = {
  lastname: m.resource_term_last_name,
  firstname: m.resource_term_first_name,
  middlename: m.resource_term_middle_name,
  suffix: m.labels_import_suffix,
  fullname: m.labels_import_fullname,
  house_number: m.labels_import_house_number,
  street: m.resource_term_street,
  purok: m.labels_import_purok,
  place_of_birth: m.resource_term_place_of_birth,
  date_of_birth: m.resource_term_date_of_birth,
  sex: m.resource_term_sex,
  civil_status: m.resource_term_civil_status,
  citizenship: m.resource_term_citizenship,
  occupation: m.resource_term_occupation_cap,
  contact_number: m.resource_term_contact_number,
  household_no: m.labels_import_household_no,
  relation_to_head: m.labels_import_relation_to_head,
};
