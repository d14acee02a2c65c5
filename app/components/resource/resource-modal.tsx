import { FormProvider, getFormProps } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/zod/v4";
import * as React from "react";
import { Form, Link, useActionData, useLocation } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { formatDateTime } from "~/lib/reader-dates";
import { m } from "@domain/i18n";
import { term } from "@domain/i18n/terms";
import { getResource } from "@domain/registry/index";
import { listCommands, type ListDef, type ListQuery, type ResourceDef } from "@domain/registry/types";
import { formDefaults } from "./defaults";
import { personName } from "@domain/format";
import { FormField, RequiredMark, type Option } from "./form-field";
import { ChildRowsEditor } from "./child-rows-editor";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { ModalShell, SaveActions, useSubmitting } from "./modal-shell";
import { deleteVerbs, type Gates } from "./row-actions";
import { closeModalHref } from "./urls";
import { DefaultSubmit, FormAlert, HiddenFields, useEntityForm } from "./form-parts";

// The one ResourceModal of DESIGN §8. Its state is the address (?modal=update&id=7), so the server
// renders it open on a reload and without JavaScript. The dialog is rendered in place, not in a
// portal (a portal renders nothing on the server); Radix traps and returns focus when JavaScript
// runs. Closing is a navigation to the list's address — a link when JavaScript is off.

type RecordRow = Record<string, unknown> & { id: number };

export interface ResourceModalProps {
  def: ResourceDef;
  modal: string | null;
  record: RecordRow | null;
  options: Record<string, Option[]>;
  query: ListQuery;
  gates: Gates;
}

const RECORD_KINDS = new Set(["update", "delete", "restore"]);

/**
 * The modal of a list page that has only the entry's list part (ListDef, from its loader): the
 * whole entry — fields, schemas — comes from the registry here, in the modal's own chunk (decision 177).
 */
export function RegistryResourceModal({ def, ...props }: Omit<ResourceModalProps, "def"> & { def: ListDef }) {
  return <ResourceModal def={"schema" in def ? (def as ResourceDef) : getResource(def.name)} {...props} />;
}

export function ResourceModal({ def, modal, record, options, query, gates }: ResourceModalProps) {
  const { pathname, search } = useLocation();
  const command = listCommands(def).find((c) => c.name === modal);
  if (!modal || (!command && !(def.modals as readonly string[]).includes(modal))) return null;
  const closeHref = closeModalHref(pathname, query, search);
  const returnTo = search;
  // The whole entry comes from the registry, in English: its words go through their terms.
  const singular = term(def.labels.singular);
  const displayName = record ? String(record[def.displayField] ?? m.resource_table_row_name({ singular, id: record.id })) : "";

  if ((RECORD_KINDS.has(modal) || command) && !record) {
    return (
      <ModalShell
        title={m.resource_modal_not_found_title({ noun: capitalize(singular) })}
        description={m.resource_modal_not_found({ singular })}
        closeHref={closeHref}
      >
        <div className="flex justify-end">
          <Link to={closeHref} preventScrollReset className={buttonVariants({ variant: "outline" })}>
            {m.resource_modal_close()}
          </Link>
        </div>
      </ModalShell>
    );
  }

  if (command) {
    // A named command (DESIGN §10): confirm, with the reason where the command asks one.
    if (!gates.commands?.[command.name]) return null;
    const label = term(command.label);
    return (
      <ModalShell
        title={m.resource_modal_command_title({ command: label, singular })}
        description={
          command.confirm
            ? withName(term(command.confirm), displayName)
            : m.resource_modal_command_confirm({ command: label, name: displayName })
        }
        closeHref={closeHref}
        role="alertdialog"
      >
        <ConfirmForm
          intent="command"
          id={record!.id}
          returnTo={returnTo}
          closeHref={closeHref}
          label={label}
          destructive={!!command.destructive}
          command={command.name}
          reason={command.reason}
        />
      </ModalShell>
    );
  }

  switch (modal) {
    case "create":
    case "update": {
      if ((modal === "create" && !gates.create) || (modal === "update" && !gates.update)) return null;
      const wide = def.fields.some((f) => f.kind === "custom-forms" || f.kind === "custom-payment-form");
      return (
        <ModalShell
          title={modal === "create" ? m.resource_modal_create_title({ singular }) : m.resource_modal_edit_title({ singular })}
          description={modal === "create" ? m.resource_modal_create_description({ singular }) : <AuditLine record={record!} />}
          closeHref={closeHref}
          wide={wide ? "lg" : undefined}
        >
          <ResourceForm
            key={`${modal}-${record?.id ?? "new"}`}
            def={def}
            intent={modal}
            record={record}
            options={options}
            returnTo={returnTo}
            closeHref={closeHref}
          />
        </ModalShell>
      );
    }
    case "delete":
    case "restore": {
      if ((modal === "delete" && !gates.delete) || (modal === "restore" && !gates.restore)) return null;
      const { verb, undoVerb } = deleteVerbs(def, term(def.cancel?.label));
      const isDelete = modal === "delete";
      const action = isDelete ? verb : undoVerb;
      // A cancel (an issued receipt) names itself whole ("Cancel receipt") and asks its reason.
      const cancels = isDelete && !!def.cancel;
      return (
        <ModalShell
          title={cancels ? action : m.resource_modal_action_title({ action, singular })}
          description={isDelete ? deleteConfirmationText(def, displayName) : restoreConfirmationText(def, displayName)}
          closeHref={closeHref}
          role="alertdialog"
        >
          <ConfirmForm
            intent={modal}
            id={record!.id}
            returnTo={returnTo}
            closeHref={closeHref}
            label={action}
            destructive={isDelete}
            reason={cancels ? "required" : undefined}
          />
        </ModalShell>
      );
    }
    default:
      return null;
  }
}

/** A registry question with the record's name in place of its `{name}`. */
function withName(text: string, name: string): string {
  return text.replace("{name}", name);
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Spec §8's delete confirmation (domain/registry/messages.ts's deleteConfirmation, word for word in
 * English) in the current language: a cancel's own question, a void's, a delete's (a role's adds
 * that it cannot be undone).
 */
export function deleteConfirmationText(def: Pick<ListDef, "name" | "voidWording" | "cancel">, name: string): string {
  if (def.cancel) return withName(term(def.cancel.confirm), name);
  if (def.voidWording) return m.resource_confirm_void({ name });
  return def.name === "role" ? m.resource_confirm_delete_role({ name }) : m.resource_confirm_delete({ name });
}

/** Spec §8's restore confirmation (restoreConfirmation) in the current language. */
export function restoreConfirmationText(def: Pick<ListDef, "voidWording">, name: string): string {
  return def.voidWording ? m.resource_confirm_unvoid({ name }) : m.resource_confirm_restore({ name });
}

/** "Created by {name} on {date}, last updated by {name} on {date}". */
export function AuditLine({ record }: { record: RecordRow }) {
  const createdBy = personName(record.created_by) || m.resource_audit_system();
  const updatedBy = personName(record.updated_by) || m.resource_audit_system();
  return (
    <span data-testid="audit-line">
      {m.resource_audit_line({
        createdBy,
        createdAt: formatDateTime(record.created_at as string),
        updatedBy,
        updatedAt: formatDateTime(record.updated_at as string),
      })}
    </span>
  );
}

function ConfirmForm({
  intent,
  id,
  returnTo,
  closeHref,
  label,
  destructive,
  command,
  reason,
}: {
  intent: string;
  id: number;
  returnTo: string;
  closeHref: string;
  label: string;
  destructive: boolean;
  command?: string;
  reason?: "required" | "optional";
}) {
  const submitting = useSubmitting(intent);
  return (
    <Form method="post" preventScrollReset className="flex flex-col gap-3 px-5 py-4">
      <HiddenFields intent={intent} id={id} returnTo={returnTo} />
      {command ? <input type="hidden" name="command" value={command} /> : null}
      {reason ? (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="command-reason">
            {m.resource_modal_reason()}
            {reason === "required" ? <RequiredMark /> : null}
          </Label>
          <Textarea
            id="command-reason"
            name="reason"
            required={reason === "required"}
            minLength={reason === "required" ? 3 : undefined}
            maxLength={500}
            rows={3}
          />
        </div>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link to={closeHref} preventScrollReset className={buttonVariants({ variant: "outline" })}>
          {m.resource_cancel()}
        </Link>
        <Button
          type="submit"
          variant={destructive ? "destructive" : "default"}
          disabled={submitting}
          data-autofocus
          // The dark theme's destructive red is too light for white text (3.8:1): a darker red keeps AA.
          className={destructive ? "dark:bg-red-700 dark:hover:bg-red-800" : undefined}
        >
          {submitting ? <Spinner size="sm" label={m.resource_modal_working({ label })} /> : null}

          {label}
        </Button>
      </div>
    </Form>
  );
}

function ResourceForm({
  def,
  intent,
  record,
  options,
  returnTo,
  closeHref,
}: {
  def: ResourceDef;
  intent: "create" | "update";
  record: RecordRow | null;
  options: Record<string, Option[]>;
  returnTo: string;
  closeHref: string;
}) {
  const actionData = useActionData() as { result?: SubmissionResult<string[]> } | undefined;
  const defaultValue = React.useMemo(() => formDefaults(def, intent, record), [def, intent, record]);
  const [form] = useEntityForm(def, intent, {
    id: `${def.name}-${intent}-${record?.id ?? "new"}`,
    lastResult: actionData?.result,
    defaultValue,
  });
  const fields = def.fields.filter((f) => !(intent === "update" && f.createOnly));
  return (
    <FormProvider context={form.context}>
      <Form method="post" preventScrollReset {...getFormProps(form)} className="flex flex-col" data-testid="resource-form">
        <HiddenFields intent={intent} id={record?.id} returnTo={returnTo} />
        <DefaultSubmit />
        <div className="flex flex-col gap-4 px-5 py-4">
          {form.errors?.length ? <FormAlert id={form.errorId}>{form.errors.join(" ")}</FormAlert> : null}
          {fields.map((field) => (
            <FormField key={field.name} field={field} options={options[field.name]} intent={intent} allOptions={options} />
          ))}
          {(def.children ?? []).map((child) => (
            <ChildRowsEditor key={child.key} child={child} options={options} intent={intent} />
          ))}
        </div>
        <SaveActions intent={intent} closeHref={closeHref} />
      </Form>
    </FormProvider>
  );
}
