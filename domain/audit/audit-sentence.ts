import { withArticle } from "../format";
import { getLocale, m } from "../i18n/index.ts";
import { AUDIT_PHRASE, AUDIT_SELF_PHRASE } from "./labels.ts";

// An audit row as a sentence a person reads ("Tess Cruz cancelled official receipt 0400003"): the
// dashboard's recent activity and a user's page say what happened with it. The server names the
// record (server/features/audit/subjects.ts: the entry's label and the number or name people know
// it by); this only words it, in the reader's language (./labels.ts), so it runs on either side.

/** The record an audit row is about, as people know it. */
export interface AuditSubject {
  /** The entry's singular label: "official receipt", "resident". */
  label: string;
  /** Its OR number, reference number, pad code or person's name; null when it is not known (removed, or not the reader's to see). */
  name: string | null;
  /** The record is the account of the one who acted (a user changing their own password). */
  self?: boolean;
  /** The label of the registry command the row records ("Ihain" for a KP case's `file`), in the reader's language. */
  command?: string;
}

export interface AuditLine {
  /** The name of the one who acted; null for the portal itself. */
  who: string | null;
  action: string;
  subject: AuditSubject | null;
}

/** "official receipt 0400003", "a role" (one no longer known), "their own account"; the server gives the label in the reader's language. */
export function subjectText(subject: AuditSubject | null): string {
  if (!subject) return m.labels_audit_a_record();
  if (subject.self) return m.labels_audit_own_account();
  if (subject.name) return `${subject.label} ${subject.name}`;
  // English picks "a" or "an" by the noun's sound; Filipino says "isang" before any noun.
  return getLocale() === "en" ? withArticle(subject.label) : m.labels_audit_some({ label: subject.label });
}

/** The sentence without its actor: "cancelled official receipt 0400003" (./labels.ts words it). */
export function auditPredicate(line: Pick<AuditLine, "action" | "subject">): string {
  const { action } = line;
  if (Object.hasOwn(AUDIT_SELF_PHRASE, action)) return AUDIT_SELF_PHRASE[action as keyof typeof AUDIT_SELF_PHRASE]();
  const s = subjectText(line.subject);
  if (Object.hasOwn(AUDIT_PHRASE, action)) return AUDIT_PHRASE[action as keyof typeof AUDIT_PHRASE]({ s });
  // An action without a phrase (a registry command, a service's own): English has always said its code
  // in words ("file KP case 2026-001"); another language names it by the command's label, else its code.
  const words = getLocale() === "en" || !line.subject?.command ? action.replace(/_/g, " ") : line.subject.command;
  return m.labels_audit_other({ action: words, s });
}

/** The one who acted as the sentence names them: the portal's own changes are the system's. */
export const actorName = (who: string | null) => who ?? m.labels_audit_system();

/** "Tess Cruz cancelled official receipt 0400003". */
export function auditSentence(line: AuditLine): string {
  return `${actorName(line.who)} ${auditPredicate(line)}`;
}
