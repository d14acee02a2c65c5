import { useLocation } from "react-router";
import type { ResourcePageData } from "~/components/resource/resource-page";
import { closeModalHref } from "~/components/resource/urls";

/**
 * A registry list page whose route shows some modals itself (`ownModals`, e.g. the user form with
 * its Generate buttons) in place of ResourcePage's generic ones: the page data for ResourcePage
 * with those modals left out, and what the route's own dialogs need.
 *
 * With `recordRequired`, a modal other than "create" whose record is not there stays the list's,
 * whose own modal says so ("… not found") — the people pages.
 */
export function useOwnModals(
  loaderData: ResourcePageData,
  ownModals: ReadonlySet<string>,
  { recordRequired = false }: { recordRequired?: boolean } = {},
) {
  const { pathname, search } = useLocation();
  const modal = loaderData.modal;
  const own = !!modal && ownModals.has(modal) && (!recordRequired || modal === "create" || !!loaderData.record);
  return {
    modal,
    page: { ...loaderData, modal: own ? null : modal },
    closeHref: closeModalHref(pathname, loaderData.query, search),
    record: loaderData.record,
    /** The list's own address (?page=2&search=…), where the dialogs' forms return. */
    search,
  };
}
