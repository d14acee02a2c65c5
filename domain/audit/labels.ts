import { m } from "../i18n/index.ts";
import type { Label } from "../i18n/labels.ts";

// The audit trail's words in the reader's language (issue 33 item 4): the "who did what" sentences of
// the dashboard's recent activity and a user's page (./audit-sentence.ts), and the actions of a
// record's history (server/features/audit/history.ts). The English is the catalog's
// (messages/en/labels.json `labels_audit_*`, `labels_history_*`), word for word what these said
// before; typed over the actions, so an action added to one of these lists without its message fails
// the typecheck. An action none of them knows is worded from its code (English), as before.

/** What an action did to a record, `{s}` standing for the record. */
export const AUDIT_PHRASE = {
  create: m.labels_audit_create,
  update: m.labels_audit_update,
  delete: m.labels_audit_delete,
  void: m.labels_audit_void,
  unvoid: m.labels_audit_unvoid,
  cancel: m.labels_audit_cancel,
  restore: m.labels_audit_restore,
  photo: m.labels_audit_photo,
  update_photo: m.labels_audit_photo,
  reset_password: m.labels_audit_reset_password,
  print: m.labels_audit_print,
  reprint: m.labels_audit_reprint,
  paid: m.labels_audit_paid,
  unpaid: m.labels_audit_unpaid,
  issue: m.labels_audit_issue,
  remit: m.labels_audit_remit,
  export: m.labels_audit_export,
  view: m.labels_audit_view,
  anonymise: m.labels_audit_anonymise,
  purge: m.labels_audit_purge,
  correction_request: m.labels_audit_correction_request,
  block: m.labels_audit_block,
  unblock: m.labels_audit_unblock,
  sign_out_session: m.labels_audit_sign_out_session,
} as const satisfies Record<string, (inputs: { s: string }) => string>;

/** What an action did, said of the actor alone (their own session or account). */
export const AUDIT_SELF_PHRASE = {
  login: m.labels_audit_login,
  logout: m.labels_audit_logout,
  update_password: m.labels_audit_update_password,
  update_account: m.labels_audit_update_account,
  update_identity: m.labels_audit_update_identity,
  update_notifications: m.labels_audit_update_notifications,
  update_language: m.labels_audit_update_language,
  sign_out_others: m.labels_audit_sign_out_others,
} as const satisfies Record<string, Label>;

/** The actions a record's history names in words of their own (the rest: the command's label, or the code). */
export const HISTORY_ACTIONS = [
  "create",
  "update",
  "delete",
  "void",
  "unvoid",
  "cancel",
  "restore",
  "photo",
  "reset_password",
  "print",
  "reprint",
  "paid",
  "unpaid",
  "remit",
  "login",
  "logout",
] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

export const HISTORY_ACTION_LABEL: Readonly<Record<HistoryAction, Label>> = {
  create: m.labels_history_create,
  update: m.labels_history_update,
  delete: m.labels_history_delete,
  void: m.labels_history_void,
  unvoid: m.labels_history_unvoid,
  cancel: m.labels_history_cancel,
  restore: m.labels_history_restore,
  photo: m.labels_history_photo,
  reset_password: m.labels_history_reset_password,
  print: m.labels_history_print,
  reprint: m.labels_history_reprint,
  paid: m.labels_history_paid,
  unpaid: m.labels_history_unpaid,
  remit: m.labels_history_remit,
  login: m.labels_history_login,
  logout: m.labels_history_logout,
};

/**
 * An account's own changes (server/features/access/account.ts, access.ts) in a user's history; the
 * English is the words of their codes, as the history has always shown them. Not the breach query's
 * actions (HISTORY_ACTIONS), which keeps its list.
 */
export const HISTORY_ACCOUNT_ACTION_LABEL = {
  update_account: m.labels_history_update_account,
  update_identity: m.labels_history_update_identity,
  update_language: m.labels_history_update_language,
  update_password: m.labels_history_update_password,
  update_notifications: m.labels_history_update_notifications,
  update_photo: m.labels_history_update_photo,
  sign_out_others: m.labels_history_sign_out_others,
  sign_out_session: m.labels_history_sign_out_session,
} as const satisfies Record<string, Label>;
