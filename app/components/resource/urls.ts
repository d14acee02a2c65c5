import { backPathOf } from "@domain/back-path";
import { listQueryToSearchParams } from "@domain/registry/list-query";
import type { ListQuery } from "@domain/registry/types";

// The list's addresses (spec §2.4, DESIGN §8): list state and modal state live in the query string,
// so every control is a link or a GET form and the server renders the same screen.

export type ModalParams = { modal: string; id?: number | string };

/** "?page=2&sort=name…" for a list query with changes applied (no "?" when empty). */
export function listHref(query: ListQuery, changes: Partial<ListQuery> = {}, modal?: ModalParams): string {
  const params = listQueryToSearchParams({ ...query, ...changes });
  if (modal) {
    params.set("modal", modal.modal);
    if (modal.id != null) params.set("id", String(modal.id));
  }
  const q = params.toString();
  return q ? `?${q}` : "?";
}

/**
 * The address that closes the modal: the same list without `modal` and `id` — or the record page
 * the modal was opened from, when the address says so (`back`).
 */
export function closeModalHref(pathname: string, query: ListQuery, search = ""): string {
  const back = backPathOf(search);
  if (back) return back;
  const q = listQueryToSearchParams(query).toString();
  return q ? `${pathname}?${q}` : pathname;
}

/** The list part of a query string (modal keys removed), to compare two addresses of one list. */
export function listPart(search: string): string {
  const params = new URLSearchParams(search);
  params.delete("modal");
  params.delete("id");
  params.sort();
  return params.toString();
}
