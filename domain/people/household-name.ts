import { personName } from "../format";

// How a household reads to people: by its head's name, never by its number
// ("household #150"). The registry's household entry names it the same way (displayField head_name).

/** "Household of Juan Dela Cruz"; "Household (head not recorded)" when the head's name is missing. */
export function householdName(head: unknown): string {
  const name = personName(head).trim();
  return name ? `Household of ${name}` : "Household (head not recorded)";
}

/** A member's place in a household: "Household head", "Son in the household of Juan Dela Cruz". */
export function householdRole(role: string, head: unknown): string {
  if (role === "Head") return "Household head";
  const name = personName(head).trim();
  return name ? `${role} in the household of ${name}` : `${role} in a household`;
}
