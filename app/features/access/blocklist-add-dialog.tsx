import { Search } from "lucide-react";
import * as React from "react";
import { Form, Link, useActionData, useNavigation, useSubmit } from "react-router";
import { CsrfInput } from "~/components/csrf-input";
import { FieldErrors } from "~/components/resource/form-field";
import { useHydrated } from "~/components/resource/use-hydrated";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Spinner } from "~/components/ui/spinner";
import { Textarea } from "~/components/ui/textarea";
import { AccessDialog, DialogActions } from "./dialog";
import { kindLabel } from "./user-detail";
import { m } from "@domain/i18n";

// "Add" on the blocklist (spec §2.4 modal kind add): pick a user who can sign in, optionally say
// why, and block them. The search is a GET form on the page's own address (?modal=add&user_search=),
// so picking works without JavaScript; with it, typing searches as you go.

export interface Candidate {
  id: number;
  username: string | null;
  kind: string;
  fullname: string;
}


export function BlocklistAddDialog({
  candidates,
  userSearch,
  listQuery,
  closeHref,
}: {
  candidates: Candidate[];
  userSearch: string;
  /** The list's own query string (without modal keys), kept across the search. */
  listQuery: string;
  closeHref: string;
}) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const navigation = useNavigation();
  const actionData = useActionData() as { addErrors?: Record<string, string[]> } | undefined;
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "add";
  const searching = navigation.state === "loading" && navigation.location?.search.includes("user_search");
  const timer = React.useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  React.useEffect(() => () => clearTimeout(timer.current), []);
  const listParams = [...new URLSearchParams(listQuery)];
  const errors = actionData?.addErrors;

  return (
    <AccessDialog
      title={m.admin_blocklist_add_title()}
      description={m.admin_blocklist_add_description()}
      closeHref={closeHref}
      wide="md"
      testId="blocklist-add"
    >
      <Form method="get" preventScrollReset replace className="flex items-end gap-2 border-b px-5 py-4" role="search">
        {listParams.map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        <input type="hidden" name="modal" value="add" />
        <div className="flex flex-1 flex-col gap-1.5">
          <Label htmlFor="user-search">{m.admin_blocklist_find_user()}</Label>
          <Input
            id="user-search"
            name="user_search"
            type="search"
            defaultValue={userSearch}
            placeholder={m.admin_blocklist_find_placeholder()}
            autoComplete="off"
            onChange={(e) => {
              if (!hydrated) return;
              const form = e.currentTarget.form;
              clearTimeout(timer.current);
              timer.current = setTimeout(() => form && submit(form, { replace: true, preventScrollReset: true }), 300);
            }}
          />
        </div>
        <Button type="submit" variant="outline" aria-label={m.admin_blocklist_search_users()}>
          {searching ? <Spinner size="sm" label={m.admin_searching()} /> : <Search aria-hidden="true" />}
          <span className="hidden sm:inline">{m.admin_search()}</span>
        </Button>
      </Form>
      <Form method="post" preventScrollReset className="flex flex-col">
        <CsrfInput />
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="_return" value={listQuery} />
        <fieldset className="flex flex-col gap-2 px-5 py-4">
          <legend className="mb-2 text-sm font-medium">
            {m.admin_blocklist_user()} <span className="text-destructive" aria-hidden="true">*</span>
          </legend>
          {candidates.length === 0 ? (
            <p className="text-sm text-muted-foreground" data-testid="no-candidates">
              {userSearch ? m.admin_blocklist_no_match({ search: userSearch }) : m.admin_blocklist_none_blockable()}
            </p>
          ) : (
            <ul className="flex max-h-64 flex-col gap-1 overflow-y-auto" data-testid="candidates" aria-describedby={errors?.user_id ? "user-id-error" : undefined}>
              {candidates.map((c, i) => (
                <li key={c.id}>
                  <label
                    htmlFor={`candidate-${c.id}`}
                    className="flex cursor-pointer items-center gap-3 rounded-md border px-3 py-2 text-sm hover:bg-accent/50 has-[:checked]:border-primary has-[:checked]:bg-primary/5"
                  >
                    <input id={`candidate-${c.id}`} type="radio" name="user_id" value={String(c.id)} required defaultChecked={candidates.length === 1 && i === 0} className="accent-primary-ink" />
                    <span className="min-w-0 flex-1 truncate font-medium">{c.fullname}</span>
                    <span className="max-w-[45%] truncate text-xs text-muted-foreground">
                      @{c.username} · {kindLabel(c.kind)}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )}
          <FieldErrors id="user-id-error" errors={errors?.user_id ?? errors?.id} />
        </fieldset>
        <div className="flex flex-col gap-1.5 px-5 pb-4">
          <Label htmlFor="block-reason">{m.admin_user_reason()}</Label>
          <Textarea id="block-reason" name="reason" rows={2} maxLength={500} placeholder={m.admin_blocklist_reason_placeholder()} />
          <FieldErrors id="reason-error" errors={errors?.reason} />
        </div>
        <DialogActions>
          <Link to={closeHref} preventScrollReset className={buttonVariants({ variant: "outline" })}>
            {m.admin_cancel()}
          </Link>
          <Button type="submit" variant="destructive" disabled={submitting || candidates.length === 0}>
            {submitting ? <Spinner size="sm" label={m.admin_blocking()} /> : null}
            {m.admin_block()}
          </Button>
        </DialogActions>
      </Form>
    </AccessDialog>
  );
}
