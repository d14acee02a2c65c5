import {
  Banknote,
  Briefcase,
  Building2,
  CalendarDays,
  Church,
  FileText,
  HandCoins,
  Landmark,
  ListChecks,
  MapPinned,
  ReceiptText,
  ScrollText,
  Stamp,
  Tags,
  UserRound,
  Users,
  type LucideIcon,
} from "lucide-react";
import { can, type HasPermissions } from "@domain/permissions";
import { PARAMETER_RESOURCES } from "@domain/registry/index";
import type { ResourceDef } from "@domain/registry/types";
import { m } from "@domain/i18n";

// The system parameters sub-navigation (/system/parameters): which lists a user may open, with an
// icon and a line each for the overview cards.

/**
 * Icons, titles and one-line descriptions of the parameter lists (UI only; the registry carries no
 * JSX). The title and the description are message functions, called when rendering (the reader's
 * language); the title is the registry's title's term, so the sub-navigation needs no other terms.
 */
export const PARAMETER_INFO: Record<string, { icon: LucideIcon; title: () => string; description: () => string }> = {
  bank: { icon: Landmark, title: m.resource_term_banks, description: m.resource_parameter_bank },
  bank_account: { icon: Banknote, title: m.resource_term_bank_accounts, description: m.resource_parameter_bank_account },
  business_line: { icon: Briefcase, title: m.resource_term_business_lines, description: m.resource_parameter_business_line },
  occupation: { icon: UserRound, title: m.resource_term_occupations, description: m.resource_parameter_occupation },
  purok: { icon: MapPinned, title: m.resource_term_puroks, description: m.resource_parameter_purok },
  religion: { icon: Church, title: m.resource_term_religions, description: m.resource_parameter_religion },
  form_type: { icon: FileText, title: m.resource_term_form_types, description: m.resource_parameter_form_type },
  collection_type: { icon: HandCoins, title: m.resource_term_collection_types, description: m.resource_parameter_collection_type },
  disbursement_type: { icon: ReceiptText, title: m.resource_term_disbursement_types, description: m.resource_parameter_disbursement_type },
  payment_nature: { icon: Tags, title: m.resource_term_payment_natures, description: m.resource_parameter_payment_nature },
  transaction_type: { icon: ScrollText, title: m.resource_term_transaction_types, description: m.resource_parameter_transaction_type },
  non_resident: { icon: Users, title: m.resource_term_non_residents, description: m.resource_parameter_non_resident },
  organization: { icon: Building2, title: m.resource_term_organizations, description: m.resource_parameter_organization },
  official: { icon: Stamp, title: m.resource_term_officials, description: m.resource_parameter_official },
  holiday: { icon: CalendarDays, title: m.resource_term_holidays, description: m.resource_parameter_holiday },
};

/** A parameter list's icon, title and description in the current language. */
export function parameterInfo(def: ResourceDef): { icon: LucideIcon; title: string; description: string } {
  const info = PARAMETER_INFO[def.name];
  if (info) return { icon: info.icon, title: info.title(), description: info.description() };
  return { icon: ListChecks, title: def.labels.title, description: m.resource_parameter_manage({ plural: def.labels.plural }) };
}

/** The parameter lists a user may open (manage-X of each). */
export function allowedParameters(user: HasPermissions | null | undefined): ResourceDef[] {
  return PARAMETER_RESOURCES.filter((def) => can(user, `manage-${def.name}`));
}
