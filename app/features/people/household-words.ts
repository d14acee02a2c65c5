import { m } from "@domain/i18n";
import { term } from "@domain/i18n/terms";
import { personName } from "@domain/format";

// How a household reads on the people screens, in the reader's language (issue 33 item 4): the
// same words as domain/people/household-name.ts, whose English the printed household record and
// the personal-data sheet keep.

/** "Household of Juan Dela Cruz"; "Household (head not recorded)" when the head's name is missing. */
export function screenHouseholdName(head: unknown): string {
  const name = personName(head).trim();
  return name ? m.people_household_of({ name }) : m.people_household_no_head();
}

/** A member's place in a household: "Household head", "Son in the household of Juan Dela Cruz". */
export function screenHouseholdRole(role: string, head: unknown): string {
  if (role === "Head") return m.people_household_head();
  const name = personName(head).trim();
  return name ? m.people_household_role_of({ role: term(role), name }) : m.people_household_role({ role: term(role) });
}
