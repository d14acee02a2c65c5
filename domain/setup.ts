// The first-run checklist of a barangay's administrator (issue 33 item 3, decision 218): the
// steps that set an office up, each with the screen that does it. Whether a step is done is
// computed from the barangay's records (server/features/setup/service.ts), never a box someone
// ticks — except the one thing no record can tell: that the barangay writes no cheques at all.

import { SYSTEM_ADMIN_PERMISSION } from "./permissions.ts";

/** The checklist's page. */
export const SETUP_PATH = "/manage/setup";
/** Where the barangay's identity (PSGC) and address are written. */
export const SETUP_IDENTITY_PATH = "/manage/setup/identity";

/** The administrator's: the checklist reads and writes the barangay's settings (decision 005's system administrator). */
export const SETUP_PERMISSION = SYSTEM_ADMIN_PERMISSION;

export const SETUP_STEP_KEYS = ["identity", "letterhead", "officials", "puroks", "fees", "forms", "users"] as const;
export type SetupStepKey = (typeof SETUP_STEP_KEYS)[number];

/** The marks an administrator may set where no record can tell (audited as a setting). */
export const SETUP_MARKS = ["no_cheques"] as const;
export type SetupMark = (typeof SETUP_MARKS)[number];

export function isSetupMark(value: unknown): value is SetupMark {
  return (SETUP_MARKS as readonly unknown[]).includes(value);
}

/** The setting that keeps the marks: { no_cheques: { by, at } }. */
export const SETUP_MARKS_SETTING = "setup_marks";

export interface SetupMarkState {
  /** The mark's key. */
  mark: SetupMark;
  /** What the button says, and what the step says once marked. */
  label: string;
  /** Who set it and when (ISO), or null when not set. */
  markedBy: string | null;
  markedAt: string | null;
}

export interface SetupLink {
  label: string;
  href: string;
}

/** One part of a step: what is needed, whether the records have it, and what they say. */
export interface SetupPart {
  label: string;
  done: boolean;
  /** What the records hold ("2 puroks", "none yet"). */
  detail: string;
  /** False for a part the step does without (the municipal logo). */
  required: boolean;
}

export interface SetupStep {
  key: SetupStepKey;
  number: number;
  title: string;
  description: string;
  done: boolean;
  parts: SetupPart[];
  /** The screens that do this step, first the main one. */
  links: SetupLink[];
  mark: SetupMarkState | null;
}

export interface SetupChecklist {
  steps: SetupStep[];
  doneCount: number;
  total: number;
  complete: boolean;
  /** The first step not done, or null when every step is. */
  next: SetupStep | null;
}

/** The checklist from its steps: counts, completeness and the next step. */
export function checklistOf(steps: SetupStep[]): SetupChecklist {
  const doneCount = steps.filter((s) => s.done).length;
  return { steps, doneCount, total: steps.length, complete: doneCount === steps.length, next: steps.find((s) => !s.done) ?? null };
}

/** The identity form's fields. */
export const IDENTITY_FIELDS = ["psgc_code", "address"] as const;
export const ADDRESS_MAX = 300;

export const SETUP_MESSAGES = {
  identitySaved: (name: string) => `Successfully saved the barangay's identity: ${name}.`,
  marked: "Successfully marked: this barangay writes no cheques.",
  unmarked: "Successfully cleared the mark: cheque books are expected again.",
  addressRequired: "The address field is required.",
  addressTooLong: `The address must not be greater than ${ADDRESS_MAX} characters.`,
  psgcRequired: "The barangay field is required: find it in the PSGC list and pick it.",
  psgcFormat: "The PSGC code must be 10 digits.",
  psgcUnknown: "The PSGC list has no barangay with this code.",
  psgcUsed: "Another barangay of this deployment has this PSGC code.",
  psgcHub: "On a hub, the barangay's PSGC code is set by the hub's administrator.",
  languageInvalid: "The selected language is invalid.",
} as const;
