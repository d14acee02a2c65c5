import * as React from "react";
import { useActionData } from "react-router";
import type { SubmissionResult } from "@conform-to/zod/v4";
import { useOwnModals } from "~/components/resource/own-modals";
import { ResourcePage, type ResourcePageData } from "~/components/resource/resource-page";
import { can } from "@domain/permissions";
import { useRootData } from "~/lib/root-data";
import { FormAlert, PeopleDialog } from "./dialog";

// A people list page whose create and update dialogs hold the entity's own form (businesses,
// disaster-prone areas, households): the refusal of the last submission, the registry's
// list, and the form dialog while the address opens one (?modal=create, ?modal=update&id=) that
// the user may use. A modal whose record is not there stays the list's ("… not found").

const OWN_MODALS = new Set(["create", "update"]);

/** What a people page's action answers: the form's errors, or a refusal of the whole request. */
export type PeopleActionData = { result?: SubmissionResult<string[]>; refusal?: string; names?: Record<string, string> };

/** The props every own form takes from the page. */
export interface OwnFormProps {
  intent: "create" | "update";
  record: (Record<string, unknown> & { id: number }) | null;
  returnTo: string;
  closeHref: string;
  lastResult?: SubmissionResult<string[]>;
}

export function FormListPage({
  entity,
  loaderData,
  titles,
  description,
  size,
  afterList,
  children: renderForm,
}: {
  entity: string;
  loaderData: ResourcePageData;
  titles: { create: string; update: string };
  /** The dialog's line under the title, per modal (the record being edited is given). */
  description: (modal: "create" | "update", record: OwnFormProps["record"]) => React.ReactNode;
  size?: "md" | "lg";
  /** What the page shows below the list (a disaster-prone area's households). */
  afterList?: React.ReactNode;
  children: (form: OwnFormProps, actionData: PeopleActionData | undefined) => React.ReactNode;
}) {
  const user = useRootData()?.user;
  const actionData = useActionData() as PeopleActionData | undefined;
  const { modal, page, closeHref, record, search } = useOwnModals(loaderData, OWN_MODALS, { recordRequired: true });
  const intent = modal === "create" || (modal === "update" && record) ? modal : null;
  const form: OwnFormProps | null =
    intent && can(user, `${intent}-${entity}`)
      ? { intent, record: intent === "update" ? record : null, returnTo: search, closeHref, lastResult: actionData?.result }
      : null;
  return (
    <>
      {actionData?.refusal ? <FormAlert>{actionData.refusal}</FormAlert> : null}
      <ResourcePage data={page} />
      {afterList}
      {form ? (
        <PeopleDialog title={titles[form.intent]} description={description(form.intent, form.record)} closeHref={closeHref} size={size}>
          <React.Fragment key={`${form.intent}-${form.record?.id ?? "new"}`}>{renderForm(form, actionData)}</React.Fragment>
        </PeopleDialog>
      ) : null}
    </>
  );
}
