import { KeyRound, Plus, UserCheck } from "lucide-react";
import * as React from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { BlocklistAddDialog, type Candidate } from "./blocklist-add-dialog";
import { AccessDialog, DialogActions } from "./dialog";
import { ResetPasswordDialog } from "./reset-password-dialog";
import { AccountStatusBadge, entityOfKind, RoleBadges } from "./status";
import { CsrfInput } from "~/components/csrf-input";
import { PersonCell } from "~/components/resource/cells";
import { FlashMessage, type FlashData } from "~/components/resource/flash-message";
import { ListPagination } from "~/components/resource/list-pagination";
import { ListToolbar } from "~/components/resource/list-toolbar";
import { closeModalHref, listHref } from "~/components/resource/urls";
import { useHydrated } from "~/components/resource/use-hydrated";
import { Button, buttonVariants } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Spinner } from "~/components/ui/spinner";
import { Table, TableBody, TableCell, TableContainer, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { can } from "@domain/permissions";
import { useRootData } from "~/lib/root-data";
import { blocklist as def } from "@domain/registry/access";
import { listQueryToSearchParams } from "@domain/registry/list-query";
import type { ListQuery } from "@domain/registry/types";
import { EmptyTableRow } from "~/components/screen-table";
import type { LoaderData } from "~/lib/route-data";
import type { loader } from "~/routes/system.blocklist";
import { m } from "@domain/i18n";

type Row = Record<string, unknown> & {
  id: number;
  username: string | null;
  name: string | null;
  status: string;
  kind: string;
  roles: { id: number; name: string }[];
};

const BULK_FORM = "blocklist-bulk";

/** The blocklist: the blocked accounts with their bulk and row actions, and the dialogs the address opens. */
export function BlocklistScreen({ loaderData }: { loaderData: LoaderData<typeof loader> }) {
  const root = useRootData();
  const user = root?.user;
  const { pathname, search } = useLocation();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const query = loaderData.query as ListQuery;
  const page = loaderData.page;
  const rows = page.data;
  const mayAdd = can(user, "create-blocklist");
  const mayRemove = can(user, "delete-blocklist");
  // A new page of rows starts with nothing selected: the selection belongs to the rows it was made on.
  const rowKey = rows.map((r) => r.id).join(",");
  const [selection, setSelection] = React.useState<{ key: string; ids: Set<number> }>({ key: rowKey, ids: new Set() });
  const selected = selection.key === rowKey ? selection.ids : new Set<number>();
  const setSelected = (update: Set<number> | ((s: Set<number>) => Set<number>)) =>
    setSelection({ key: rowKey, ids: typeof update === "function" ? update(selected) : update });
  const closeHref = closeModalHref(pathname, query);
  const listQuery = listQueryToSearchParams(query).toString();
  const record = loaderData.record as Row | null;
  const removingMany = navigation.state === "submitting" && navigation.formData?.get("intent") === "delete-many";
  const filtered = !!query.search || query.status !== "all";
  const allChecked = rows.length > 0 && rows.every((r) => selected.has(r.id));

  return (
    <div className="flex flex-col gap-4" data-resource="blocklist">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{m.admin_blocklist_title()}</h1>
          <p className="text-sm text-muted-foreground" data-testid="list-total">
            {page.meta.total === 1
              ? filtered
                ? m.admin_blocklist_total_one_filtered()
                : m.admin_blocklist_total_one()
              : filtered
                ? m.admin_blocklist_total_other_filtered({ count: page.meta.total })
                : m.admin_blocklist_total_other({ count: page.meta.total })}
          </p>
        </div>
        {mayAdd ? (
          <Link to={listHref(query, {}, { modal: "add" })} preventScrollReset className={buttonVariants()} data-testid="add-button">
            <Plus aria-hidden="true" />
            {m.admin_blocklist_add_title()}
          </Link>
        ) : null}
      </div>

      <FlashMessage flash={loaderData.flash as FlashData | null} />

      <section aria-label={m.admin_blocklist_title()} className="overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm">
        <div className="border-b px-4 py-3">
          <ListToolbar def={def} query={query} />
        </div>
        {mayRemove ? (
          <Form
            id={BULK_FORM}
            method="post"
            preventScrollReset
            className="flex min-h-12 flex-wrap items-center gap-2 border-b bg-muted/30 px-4 py-2 text-sm"
            data-testid="bulk-bar"
          >
            <CsrfInput />
            <input type="hidden" name="intent" value="delete-many" />
            <input type="hidden" name="_return" value={search} />
            <p className="mr-auto text-muted-foreground" aria-live="polite">
              {hydrated
                ? selected.size === 0
                  ? m.admin_blocklist_select_hint()
                  : m.admin_selected({ count: selected.size })
                : m.admin_tick_rows()}
            </p>
            <Button type="submit" size="sm" variant="outline" disabled={(hydrated && selected.size === 0) || removingMany}>
              {removingMany ? <Spinner size="sm" label={m.admin_removing()} /> : <UserCheck aria-hidden="true" />}
              {m.admin_remove_selected()}
            </Button>
          </Form>
        ) : null}
        <TableContainer>
          <Table>
            <TableHeader>
              <TableRow>
                {mayRemove ? (
                  <TableHead className="w-10">
                    {hydrated ? (
                      <Checkbox
                        aria-label={m.admin_select_all()}
                        checked={allChecked}
                        indeterminate={selected.size > 0 && !allChecked}
                        onChange={() => setSelected(allChecked ? new Set() : new Set(rows.map((r) => r.id)))}
                      />
                    ) : (
                      <span className="sr-only">{m.admin_select()}</span>
                    )}
                  </TableHead>
                ) : null}
                <TableHead>{m.admin_user_form_name()}</TableHead>
                <TableHead className="hidden sm:table-cell">{m.admin_username()}</TableHead>
                <TableHead>{m.admin_status()}</TableHead>
                <TableHead className="hidden md:table-cell">{m.admin_user_form_roles()}</TableHead>
                <TableHead className="text-right">
                  <span className="sr-only">{m.admin_actions()}</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.length === 0 ? (
                <EmptyTableRow colSpan={6} className="py-10" testId="empty-state">
                  {filtered ? m.admin_blocklist_empty_filtered() : m.admin_blocklist_empty()}
                </EmptyTableRow>
              ) : (
                rows.map((row) => {
                  const name = row.name ?? row.username ?? `#${row.id}`;
                  const mayReset = can(user, `delete-${entityOfKind(row.kind)}`);
                  return (
                    <TableRow key={row.id} data-state={selected.has(row.id) ? "selected" : undefined} data-row-id={row.id}>
                      {mayRemove ? (
                        <TableCell>
                          <Checkbox
                            form={BULK_FORM}
                            name="ids"
                            value={String(row.id)}
                            aria-label={m.admin_select_name({ name })}
                            checked={selected.has(row.id)}
                            onChange={() =>
                              setSelected((s) => {
                                const next = new Set(s);
                                if (next.has(row.id)) next.delete(row.id);
                                else next.add(row.id);
                                return next;
                              })
                            }
                          />
                        </TableCell>
                      ) : null}
                      <TableCell>
                        <Link
                          to={`/system/blocklist/${row.id}`}
                          className="rounded hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                        >
                          <PersonCell value={{ ...row.user_profile, id: row.id, fullname: name }} />
                        </Link>
                        <span className="mt-0.5 block pl-9 font-mono text-xs text-muted-foreground sm:hidden">{row.username}</span>
                      </TableCell>
                      <TableCell className="hidden font-mono text-sm sm:table-cell">{row.username ?? "—"}</TableCell>
                      <TableCell>
                        <AccountStatusBadge status={row.status} />
                      </TableCell>
                      <TableCell className="hidden md:table-cell">
                        <RoleBadges roles={row.roles} empty="—" />
                      </TableCell>
                      <TableCell className="text-right whitespace-nowrap">
                        <span className="inline-flex gap-1">
                          {mayReset ? (
                            <Link
                              to={listHref(query, {}, { modal: "reset_password", id: row.id })}
                              preventScrollReset
                              className={buttonVariants({ variant: "ghost", size: "sm" })}
                              aria-label={m.admin_reset_password_of({ name })}
                              title={m.admin_reset_password()}
                            >
                              <KeyRound aria-hidden="true" />
                            </Link>
                          ) : null}
                          {mayRemove ? (
                            <Link
                              to={listHref(query, {}, { modal: "delete", id: row.id })}
                              preventScrollReset
                              className={buttonVariants({ variant: "outline", size: "sm" })}
                            >
                              {m.admin_remove()}
                              <span className="sr-only"> {name}</span>
                            </Link>
                          ) : null}
                        </span>
                      </TableCell>
                    </TableRow>
                  );
                })
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <ListPagination def={def} query={query} meta={page.meta} />
      </section>

      {loaderData.modal === "add" && mayAdd ? (
        <BlocklistAddDialog
          candidates={loaderData.candidates as Candidate[]}
          userSearch={loaderData.userSearch}
          listQuery={listQuery}
          closeHref={closeHref}
        />
      ) : null}
      {loaderData.modal === "delete" && record && mayRemove ? (
        <RemoveDialog record={record} closeHref={closeHref} returnTo={search} />
      ) : null}
      {loaderData.modal === "reset_password" && record && can(user, `delete-${entityOfKind(record.kind)}`) ? (
        <ResetPasswordDialog record={record} closeHref={closeHref} returnTo={search} intent="reset_password" />
      ) : null}
    </div>
  );
}
/** Spec §8: "asks to remove the person from the blocklist". */
export function RemoveDialog({ record, closeHref, returnTo }: { record: Row; closeHref: string; returnTo: string }) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "delete";
  const name = record.name ?? record.username ?? `#${record.id}`;
  return (
    <AccessDialog
      title={m.admin_blocklist_remove_title()}
      description={m.admin_blocklist_remove_question({ name })}
      closeHref={closeHref}
      role="alertdialog"
      testId="resource-modal"
    >
      <Form method="post" preventScrollReset>
        <CsrfInput />
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={String(record.id)} />
        <input type="hidden" name="_return" value={returnTo} />
        <DialogActions>
          <Link to={closeHref} preventScrollReset className={buttonVariants({ variant: "outline" })}>
            {m.admin_cancel()}
          </Link>
          <Button type="submit" disabled={submitting} data-autofocus>
            {submitting ? <Spinner size="sm" label={m.admin_removing()} /> : null}
            {m.admin_remove()}
          </Button>
        </DialogActions>
      </Form>
    </AccessDialog>
  );
}
