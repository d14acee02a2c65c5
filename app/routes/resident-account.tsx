import { Form, Link } from "react-router";
import type { Route } from "./+types/resident-account";
import { Button, buttonVariants } from "~/components/ui/button";
import { CsrfInput } from "~/components/csrf-input";
import { m } from "@domain/i18n";
import { residentAccountAction, residentAccountPage } from "../../server/features/resident-requests/account-page.server.ts";

// /manage/residents/{id}/account (decision 208): staff who may edit residents give one an account
// to ask from home. The username and password are generated and shown once, here, as the users
// screen shows a generated password: the portal keeps only the password's hash.

export function loader(args: Route.LoaderArgs) {
  return residentAccountPage(args, Number(args.params.resident_id));
}

export async function action(args: Route.ActionArgs) {
  return residentAccountAction(args, Number(args.params.resident_id));
}

export const meta = () => [{ title: `${m.office_account_meta()} | Portal` }];

export default function ResidentAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { resident } = loaderData;
  const given = actionData?.given;
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4 p-4">
      <Link to={`/manage/residents/${resident.id}`} className="text-sm underline-offset-4 hover:underline">
        ← {resident.name}
      </Link>
      <h1 className="text-2xl font-semibold">{m.office_account_title()}</h1>
      {given ? (
        <div role="status" className="flex flex-col gap-2 rounded-lg border border-emerald-600 bg-emerald-50 p-4 dark:bg-emerald-950">
          <p>{m.office_account_given({ name: resident.name })}</p>
          <dl className="grid grid-cols-[7rem_1fr] gap-1 font-mono text-base">
            <dt className="font-sans text-sm">{m.office_account_username()}</dt>
            <dd data-testid="account-username">{given.username}</dd>
            <dt className="font-sans text-sm">{m.office_account_password()}</dt>
            <dd data-testid="account-password">{given.password}</dd>
          </dl>
          <p className="text-sm">{m.office_account_sign_in()}</p>
        </div>
      ) : (
        <Form method="post" className="flex flex-col gap-3 rounded-lg border bg-card p-4">
          <CsrfInput />
          <p className="text-sm">
            {resident.username
              ? m.office_account_has({ name: resident.name, username: resident.username })
              : m.office_account_has_none({ name: resident.name })}
          </p>
          <Button type="submit" className="self-start">
            {resident.username ? m.office_account_new_password() : m.office_account_give()}
          </Button>
        </Form>
      )}
      <Link to={`/manage/residents/${resident.id}`} className={buttonVariants({ variant: "outline" })}>
        {m.office_account_back()}
      </Link>
    </div>
  );
}
