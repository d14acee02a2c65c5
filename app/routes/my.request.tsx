import { data, Link } from "react-router";
import type { Route } from "./+types/my.request";
import { buttonVariants } from "~/components/ui/button";
import { formatDate } from "~/lib/reader-dates";
import { formatMoney } from "@domain/money";
import { m } from "@domain/i18n";
import { StateBadge } from "~/features/resident-requests/state-badge";
import { myRequestPage } from "../../server/features/resident-requests/pages.server.ts";

// /my/requests/{id} (decision 208): one of the resident's requests and where it stands —
// requested, approved (or refused with the reason), ready to claim, released with its download.
// Another resident's request is a 404, as an unknown one.

export function loader(args: Route.LoaderArgs) {
  const id = Number(args.params.request_id);
  if (!Number.isSafeInteger(id) || id <= 0) throw data("Not Found", { status: 404 });
  return myRequestPage(args, id);
}

export const meta = ({ loaderData }: Route.MetaArgs) => [{ title: `${loaderData?.request.title ?? m.office_my_request_meta()} | Portal` }];

const STEPS = ["requested", "approved", "ready", "released"] as const;
const STEP_LABEL: Record<string, () => string> = {
  requested: m.office_my_step_requested,
  approved: m.office_my_step_approved,
  ready: m.office_my_step_ready,
  released: m.office_my_step_released,
};

export default function MyRequest({ loaderData }: Route.ComponentProps) {
  const r = loaderData.request;
  const reached = STEPS.indexOf(r.state as (typeof STEPS)[number]);
  const fee = r.amount != null && Number(r.amount) > 0 ? r.amount : null;
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6">
      <div>
        <Link to="/my" className="text-sm underline-offset-4 hover:underline">
          {m.office_my_back()}
        </Link>
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
          <h1 className="text-2xl font-semibold">{r.title}</h1>
          <StateBadge state={r.state} label={r.state_label} />
        </div>
        <p className="text-sm text-muted-foreground">
          {m.office_my_request_sent({ id: r.id, date: formatDate(r.requested_on) })}
        </p>
      </div>
      {r.kind === "certificate" && r.state !== "refused" ? (
        <ol className="grid grid-cols-4 gap-1 text-center text-xs" aria-label={m.office_my_request_where()}>
          {STEPS.map((step, i) => (
            <li
              key={step}
              aria-current={i === reached ? "step" : undefined}
              className={`rounded-md border px-1 py-2 ${i <= reached ? "border-emerald-600 bg-emerald-50 font-semibold text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100" : "text-muted-foreground"}`}
            >
              {STEP_LABEL[step]()}
            </li>
          ))}
        </ol>
      ) : null}
      {r.state === "refused" ? (
        <div role="status" className="rounded-lg border border-red-600 bg-red-50 p-4 text-red-900 dark:bg-red-950 dark:text-red-100">
          <p className="font-semibold">{m.office_my_request_refused()}</p>
          <p>{m.office_my_request_reason({ reason: r.reason ?? "" })}</p>
        </div>
      ) : null}
      {r.state === "resolved" ? (
        <p role="status" className="rounded-lg border border-emerald-600 bg-emerald-50 p-4 text-emerald-900 dark:bg-emerald-950">
          {m.office_my_request_corrected()}
          {r.reason ? ` ${r.reason}` : ""}
        </p>
      ) : null}
      <dl className="grid gap-x-6 gap-y-2 rounded-lg border bg-card p-4 text-sm sm:grid-cols-[10rem_1fr]">
        {r.kind === "certificate" ? (
          <>
            <dt className="text-muted-foreground">{m.office_my_cert_purpose()}</dt>
            <dd className="mb-2 font-medium sm:mb-0">{r.purpose}</dd>
            {r.custom_values.map(({ label, value }) => (
              <div key={label} className="contents">
                <dt className="text-muted-foreground">{label}</dt>
                <dd className="mb-2 font-medium sm:mb-0">{value}</dd>
              </div>
            ))}
            {r.reference_number ? (
              <>
                <dt className="text-muted-foreground">{m.office_my_request_reference()}</dt>
                <dd className="mb-2 font-medium sm:mb-0">{r.reference_number}</dd>
              </>
            ) : null}
            {fee ? (
              <>
                <dt className="text-muted-foreground">{m.office_my_request_fee()}</dt>
                <dd className="mb-2 font-medium sm:mb-0">{m.office_my_request_fee_where({ amount: formatMoney(fee) })}</dd>
              </>
            ) : null}
          </>
        ) : (
          <>
            <dt className="text-muted-foreground">{m.office_my_request_what()}</dt>
            <dd className="font-medium whitespace-pre-line">{r.details}</dd>
          </>
        )}
      </dl>
      {r.state === "ready" ? (
        <p className="rounded-lg border border-amber-500 bg-amber-50 p-4 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100">
          {m.office_my_request_ready()}
          {fee ? ` ${m.office_my_request_ready_fee()}` : ""}
        </p>
      ) : null}
      {r.state === "released" ? (
        <a href={`/my/requests/${r.id}/certificate`} className={buttonVariants({ size: "lg" })}>
          {m.office_my_request_download()}
        </a>
      ) : null}
    </div>
  );
}
