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

// The system parameters sub-navigation (/system/parameters): which lists a user may open, with an
// icon and a line each for the overview cards.

/** Icons and one-line descriptions of the parameter lists (UI only; the registry carries no JSX). */
export const PARAMETER_INFO: Record<string, { icon: LucideIcon; description: string }> = {
  bank: { icon: Landmark, description: "Banks where the barangay keeps accounts" },
  bank_account: { icon: Banknote, description: "Accounts per fund, used on cheques" },
  business_line: { icon: Briefcase, description: "Kinds of business for business profiles" },
  occupation: { icon: UserRound, description: "Occupations on resident profiles" },
  purok: { icon: MapPinned, description: "Zones of the barangay" },
  religion: { icon: Church, description: "Religions on resident profiles" },
  form_type: { icon: FileText, description: "Accountable forms, such as official receipts" },
  collection_type: { icon: HandCoins, description: "What a collection is for, per fund" },
  disbursement_type: { icon: ReceiptText, description: "Kinds of disbursement vouchers" },
  payment_nature: { icon: Tags, description: "Natures of payment per disbursement type" },
  transaction_type: { icon: ScrollText, description: "Certificates and clearances, with their fees" },
  non_resident: { icon: Users, description: "People served who do not live here" },
  organization: { icon: Building2, description: "Groups and companies served" },
  official: { icon: Stamp, description: "Who signs the documents, with their terms; the seal and logo" },
  holiday: { icon: CalendarDays, description: "Days the hall is closed; the Lupon's deadlines count around them" },
};

export function parameterInfo(def: ResourceDef): { icon: LucideIcon; description: string } {
  return PARAMETER_INFO[def.name] ?? { icon: ListChecks, description: `Manage ${def.labels.plural}` };
}

/** The parameter lists a user may open (manage-X of each). */
export function allowedParameters(user: HasPermissions | null | undefined): ResourceDef[] {
  return PARAMETER_RESOURCES.filter((def) => can(user, `manage-${def.name}`));
}
