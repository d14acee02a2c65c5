import type { ResourceDef } from "./types";

// The success messages and confirmation texts of spec §8, word for word, in one place for the
// server (REST "message") and the pages (toasts, dialogs).

export const MSG_SAVED = "Successfully saved.";
export const MSG_UPDATED = "Successfully updated.";

/**
 * A message that ends with a name: its full stop, unless the name already ends with one ("Juan
 * Dela Cruz Jr." — never "Jr..").
 */
export function endingWith(text: string, name: string): string {
  return /[.!?]$/.test(name) ? `${text}${name}` : `${text}${name}.`;
}

/** Spec §8 words transactions without their name: 'Successfully deleted transaction.' */
const UNNAMED_MESSAGES = new Set(["transaction"]);

export function deletedMessage(def: Pick<ResourceDef, "voidWording" | "cancel"> & { name?: string }, name: string): string {
  if (def.name && UNNAMED_MESSAGES.has(def.name)) return `Successfully deleted ${def.name}.`;
  if (def.cancel) return endingWith("Successfully cancelled ", name);
  return endingWith(def.voidWording ? "Successfully voided " : "Successfully deleted ", name);
}

export function restoredMessage(def: Pick<ResourceDef, "voidWording"> & { name?: string }, name: string): string {
  if (def.name && UNNAMED_MESSAGES.has(def.name)) return `Successfully restored ${def.name}.`;
  return endingWith(def.voidWording ? "Successfully unvoided " : "Successfully restored ", name);
}

export function deletedManyMessage(def: Pick<ResourceDef, "labels" | "voidWording">, n: number): string {
  const noun = n === 1 ? def.labels.singular : def.labels.plural;
  return def.voidWording ? `Successfully voided ${n} ${noun}.` : `Successfully deleted ${n} ${noun}.`;
}

export function restoredManyMessage(def: Pick<ResourceDef, "labels" | "voidWording">, n: number): string {
  const noun = n === 1 ? def.labels.singular : def.labels.plural;
  return def.voidWording ? `Successfully unvoided ${n} ${noun}.` : `Successfully restored ${n} ${noun}.`;
}

/**
 * A bulk delete or restore that has nothing to act on: every id selected is unknown, or already in
 * the state the call would bring it to. Names the ids (the first ten), as a 422 on `ids`.
 */
export function nothingToActOnMessage(
  def: Pick<ResourceDef, "labels" | "voidWording" | "deletion">,
  ids: readonly number[],
  deleted: boolean,
): string {
  const shown = ids
    .slice(0, 10)
    .map((id) => `#${id}`)
    .join(", ");
  const more = ids.length > 10 ? ` and ${ids.length - 10} more` : "";
  const noun = ids.length === 1 ? def.labels.singular : def.labels.plural;
  const act = deleted ? (def.voidWording ? "void" : "delete") : def.voidWording ? "unvoid" : "restore";
  const sentences = NOTHING_TO_ACT_ON_MESSAGES[def.deletion === "hard" ? `${act}_hard` : act];
  return (ids.length === 1 ? sentences.one : sentences.many)(noun, `${shown}${more}`);
}

/**
 * The sentences of nothingToActOnMessage, whole, one per act and number, as the server catalogs hold
 * them (server_engine_nothing_…): a hard-deleted record is only "not found", a trashed one "already
 * deleted" (or void), one not in the trash "not deleted" (or not void).
 */
const NOTHING_TO_ACT_ON_MESSAGES: Record<string, Record<"one" | "many", (noun: string, ids: string) => string>> = {
  delete: {
    one: (noun, ids) => `Nothing was deleted: ${noun} ${ids} is not found or already deleted.`,
    many: (noun, ids) => `Nothing was deleted: ${noun} ${ids} are not found or already deleted.`,
  },
  delete_hard: {
    one: (noun, ids) => `Nothing was deleted: ${noun} ${ids} is not found.`,
    many: (noun, ids) => `Nothing was deleted: ${noun} ${ids} are not found.`,
  },
  void: {
    one: (noun, ids) => `Nothing was voided: ${noun} ${ids} is not found or already void.`,
    many: (noun, ids) => `Nothing was voided: ${noun} ${ids} are not found or already void.`,
  },
  void_hard: {
    one: (noun, ids) => `Nothing was voided: ${noun} ${ids} is not found.`,
    many: (noun, ids) => `Nothing was voided: ${noun} ${ids} are not found.`,
  },
  restore: {
    one: (noun, ids) => `Nothing was restored: ${noun} ${ids} is not found or not deleted.`,
    many: (noun, ids) => `Nothing was restored: ${noun} ${ids} are not found or not deleted.`,
  },
  restore_hard: {
    one: (noun, ids) => `Nothing was restored: ${noun} ${ids} is not found.`,
    many: (noun, ids) => `Nothing was restored: ${noun} ${ids} are not found.`,
  },
  unvoid: {
    one: (noun, ids) => `Nothing was unvoided: ${noun} ${ids} is not found or not void.`,
    many: (noun, ids) => `Nothing was unvoided: ${noun} ${ids} are not found or not void.`,
  },
  unvoid_hard: {
    one: (noun, ids) => `Nothing was unvoided: ${noun} ${ids} is not found.`,
    many: (noun, ids) => `Nothing was unvoided: ${noun} ${ids} are not found.`,
  },
};

/** What a cancel called over REST without a reason records (the spec's DELETE has no body). */
export const REST_NO_REASON = "no reason given (REST)";

/** A bulk call without any record selected. */
export const MSG_SELECT_RECORDS = "Select at least one record.";

export function deleteConfirmation(def: Pick<ResourceDef, "name" | "voidWording" | "cancel">, name: string): string {
  if (def.cancel) return def.cancel.confirm.replace("{name}", name);
  if (def.voidWording) return `Are you sure you want to void ${name}? It can be unvoided later.`;
  const base = `Are you sure you want to remove ${name}? All of the data associated with this will be permanently removed.`;
  return def.name === "role" ? `${base} This action cannot be undone.` : base;
}

/** The confirmation of a bulk delete (or void), with the count of the selected rows. */
export function bulkDeleteConfirmation(def: Pick<ResourceDef, "name" | "labels" | "voidWording">, n: number): string {
  return deleteConfirmation(def, `${n} ${n === 1 ? def.labels.singular : def.labels.plural}`);
}

export function restoreConfirmation(def: Pick<ResourceDef, "voidWording">, name: string): string {
  return def.voidWording ? `Are you sure you want to unvoid ${name}?` : `Are you sure you want to restore ${name}?`;
}

export function deleteVerb(def: Pick<ResourceDef, "voidWording" | "cancel">): { verb: string; undoVerb: string } {
  if (def.cancel) return { verb: def.cancel.label, undoVerb: "Restore" };
  return def.voidWording ? { verb: "Void", undoVerb: "Unvoid" } : { verb: "Delete", undoVerb: "Restore" };
}
