import { withArticle } from "../format";

// An audit row as a sentence a person reads ("Tess Cruz cancelled official receipt 0400003"): the
// dashboard's recent activity and a user's page say what happened with it. The server names the
// record (server/features/audit/subjects.ts: the entry's label and the number or name people know
// it by); this only words it, so it runs on either side.

/** The record an audit row is about, as people know it. */
export interface AuditSubject {
  /** The entry's singular label: "official receipt", "resident". */
  label: string;
  /** Its OR number, reference number, pad code or person's name; null when it is not known (removed, or not the reader's to see). */
  name: string | null;
  /** The record is the account of the one who acted (a user changing their own password). */
  self?: boolean;
}

export interface AuditLine {
  /** The name of the one who acted; null for the portal itself. */
  who: string | null;
  action: string;
  subject: AuditSubject | null;
}

/** What each action did, `{s}` standing for the record; an action without `{s}` is about the actor alone. */
const PHRASES: Record<string, string> = {
  create: "created {s}",
  update: "changed {s}",
  delete: "deleted {s}",
  void: "voided {s}",
  unvoid: "unvoided {s}",
  cancel: "cancelled {s}",
  restore: "restored {s}",
  photo: "changed the photo of {s}",
  update_photo: "changed the photo of {s}",
  reset_password: "reset the password of {s}",
  print: "printed {s}",
  reprint: "printed {s} again",
  paid: "recorded the payment of {s}",
  unpaid: "removed the payment of {s}",
  issue: "issued {s}",
  remit: "remitted {s}",
  export: "exported {s}",
  view: "viewed {s}",
  anonymise: "anonymised {s}",
  purge: "purged {s}",
  correction_request: "asked for a correction of {s}",
  block: "blocked {s}",
  unblock: "removed {s} from the blocklist",
  sign_out_session: "signed out a session of {s}",
  login: "signed in",
  logout: "signed out",
  update_password: "changed their password",
  update_account: "changed their account",
  update_identity: "changed their name",
  update_notifications: "changed their notification settings",
  sign_out_others: "signed out their other sessions",
};

/** "official receipt 0400003", "a role" (one no longer known), "their own account". */
export function subjectText(subject: AuditSubject | null): string {
  if (!subject) return "a record";
  if (subject.self) return "their own account";
  return subject.name ? `${subject.label} ${subject.name}` : withArticle(subject.label);
}

/** The sentence without its actor: "cancelled official receipt 0400003". */
export function auditPredicate(line: Pick<AuditLine, "action" | "subject">): string {
  const phrase = PHRASES[line.action] ?? `${line.action.replace(/_/g, " ")} {s}`;
  return phrase.replace("{s}", subjectText(line.subject));
}

/** The one who acted as the sentence names them: the portal's own changes are the system's. */
export const actorName = (who: string | null) => who ?? "System";

/** "Tess Cruz cancelled official receipt 0400003". */
export function auditSentence(line: AuditLine): string {
  return `${actorName(line.who)} ${auditPredicate(line)}`;
}
