import { Form, useNavigation } from "react-router";
import { CircleAlert } from "lucide-react";
import { CsrfInput } from "~/components/csrf-input";
import { useRootData } from "~/lib/root-data";
import { KIOSK_LANES } from "@domain/registry/queue";
import { QUEUE_LANE_LABEL } from "@domain/registry/labels-queue";
import { m } from "@domain/i18n";
import type { LoaderData } from "~/lib/route-data";
import type { loader } from "~/routes/queue.kiosk";

// The kiosk (decision 206): one form for a cheap tablet. The lane is a radio group of large cards
// (Regular chosen), each service a large submit button; no script is needed, and every target is
// at least 64 px tall.

type Service = LoaderData<typeof loader>["services"][number];

const LANE_HINTS: Record<string, () => string> = {
  regular: m.office_queue_kiosk_hint_regular,
  senior: m.office_queue_kiosk_hint_senior,
  pwd: m.office_queue_kiosk_hint_pwd,
  pregnant: m.office_queue_kiosk_hint_pregnant,
};

export function KioskScreen({ services, paper, error }: { services: Service[]; paper: 58 | 80; error: string | null }) {
  const root = useRootData();
  const busy = useNavigation().state !== "idle";
  return (
    <main className="mx-auto flex min-h-screen max-w-5xl flex-col gap-6 px-4 py-6 sm:px-8">
      <header className="flex items-center gap-3">
        <img src="/favicon.svg" alt="" className="size-10" />
        <div>
          <p className="text-sm text-muted-foreground">{m.office_queue_hall({ barangay: root?.barangay.name ?? m.office_queue_barangay() })}</p>
          <h1 className="text-2xl font-bold sm:text-3xl">{m.office_queue_kiosk_title()}</h1>
        </div>
      </header>
      {error ? (
        <p role="alert" className="flex items-center gap-2 rounded-lg border-2 border-red-600 bg-red-50 p-4 text-lg text-red-900">
          <CircleAlert aria-hidden="true" /> {error}
        </p>
      ) : null}
      <Form method="post" className="flex flex-col gap-6">
        <CsrfInput />
        {paper === 58 ? <input type="hidden" name="paper" value="58" /> : null}
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-lg font-semibold">{m.office_queue_kiosk_lane()}</legend>
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            {KIOSK_LANES.map((lane) => (
              <label
                key={lane}
                className="flex min-h-20 cursor-pointer flex-col justify-center gap-1 rounded-xl border-2 bg-card p-4 has-checked:border-primary has-checked:bg-primary/15 has-focus-visible:ring-2 has-focus-visible:ring-ring"
              >
                <span className="flex items-center gap-2 text-lg font-semibold">
                  <input type="radio" name="lane" value={lane} defaultChecked={lane === "regular"} className="size-5 accent-primary" />
                  {QUEUE_LANE_LABEL[lane]()}
                </span>
                <span className="text-sm text-muted-foreground">{LANE_HINTS[lane]?.()}</span>
              </label>
            ))}
          </div>
          <p className="text-sm text-muted-foreground">
            {m.office_queue_kiosk_lane_note()}
          </p>
        </fieldset>
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-lg font-semibold">{m.office_queue_kiosk_service()}</legend>
          {services.length === 0 ? (
            <p className="rounded-lg border p-4 text-lg">{m.office_queue_kiosk_closed()}</p>
          ) : (
            <div className="grid gap-3 sm:grid-cols-2">
              {services.map((service) => (
                <button
                  key={service.id}
                  type="submit"
                  name="service_id"
                  value={service.id}
                  disabled={busy}
                  className="flex min-h-28 flex-col items-start justify-center gap-1 rounded-xl border-2 border-primary bg-primary/10 p-5 text-left transition-colors hover:bg-primary/25 focus-visible:ring-4 focus-visible:ring-ring focus-visible:outline-none active:bg-primary/40 disabled:opacity-60"
                >
                  <span className="flex w-full items-baseline justify-between gap-2">
                    <span className="text-2xl font-bold">{service.name}</span>
                    <span className="rounded-md bg-primary px-2 py-0.5 font-mono text-lg font-bold text-primary-foreground">
                      {service.prefix}
                    </span>
                  </span>
                  {service.description ? <span className="text-base text-muted-foreground">{service.description}</span> : null}
                  <span className="text-sm">{service.waiting === 0 ? m.office_queue_kiosk_no_one_waiting() : m.office_queue_kiosk_waiting({ count: service.waiting })}</span>
                </button>
              ))}
            </div>
          )}
        </fieldset>
      </Form>
    </main>
  );
}
