import { Link } from "react-router";
import { Printer } from "lucide-react";
import { formatDateTime } from "@domain/dates";
import { m } from "@domain/i18n";
import { useRootData } from "~/lib/root-data";
import { useHydrated } from "~/components/resource/use-hydrated";
import type { LoaderData } from "~/lib/route-data";
import type { loader } from "~/routes/queue.kiosk-ticket";

// The kiosk's ticket (decision 206): the code large on screen, and a slip for a 58 or 80 mm
// thermal receipt printer (the @page below: the roll's width, the slip's height), printed by the
// Print button (a kiosk browser started with silent printing sends it straight to the printer).
// The kiosk goes back to its start after 30 seconds, with or without JavaScript.

type Ticket = LoaderData<typeof loader>["ticket"];

const BACK_AFTER_SECONDS = 30;

export function KioskTicketScreen({ ticket, paper }: { ticket: Ticket; paper: 58 | 80 }) {
  const root = useRootData();
  const hydrated = useHydrated();
  const priority = ticket.lane !== "regular";
  const kiosk = paper === 58 ? "/queue/kiosk?paper=58" : "/queue/kiosk";
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-6 px-4 py-6 text-center print:block print:min-h-0 print:p-0">
      <style>{`
@page { size: ${paper}mm ${paper === 58 ? 70 : 80}mm; margin: 0; }
@media print {
  html, body { background: #fff !important; }
  .ticket-screen-only { display: none !important; }
  .ticket-slip { width: ${paper}mm; padding: 3mm ${paper === 58 ? 2 : 4}mm; border: 0 !important; box-shadow: none !important; color: #000 !important; }
}`}</style>
      <meta httpEquiv="refresh" content={`${BACK_AFTER_SECONDS};url=${kiosk}`} />
      <p className="ticket-screen-only text-lg">{m.office_queue_ticket_your_number()}</p>
      <section
        className="ticket-slip flex w-full flex-col items-center gap-2 rounded-2xl border-2 bg-card p-6 shadow-sm"
        aria-label={m.office_queue_ticket_label({ code: ticket.code })}
        data-testid="ticket"
      >
        <p className="text-sm font-semibold print:text-[9pt]">{m.office_queue_hall({ barangay: root?.barangay.name ?? m.office_queue_barangay() })}</p>
        <p className="font-mono text-7xl leading-none font-black tracking-tight print:text-[30pt]" data-testid="ticket-code">
          {ticket.code}
        </p>
        <p className="text-xl font-semibold print:text-[11pt]">{ticket.service}</p>
        {priority ? (
          <p className="rounded-md border-2 border-current px-2 py-0.5 text-base font-bold uppercase print:text-[9pt]">
            {m.office_queue_ticket_priority({ lane: ticket.lane_label })}
          </p>
        ) : null}
        <p className="text-base print:text-[9pt]">{ticket.ahead === 0 ? m.office_queue_ticket_next() : m.office_queue_ticket_ahead({ count: ticket.ahead })}</p>
        <p className="text-sm text-muted-foreground print:text-[8pt] print:text-black">{formatDateTime(ticket.issued_at)}</p>
        <p className="text-sm print:text-[8pt]">{m.office_queue_ticket_wait()}</p>
      </section>
      <div className="ticket-screen-only flex w-full flex-col gap-3 sm:flex-row">
        {hydrated ? (
          <button
            type="button"
            onClick={() => window.print()}
            className="flex min-h-16 flex-1 items-center justify-center gap-2 rounded-xl border-2 border-primary bg-primary px-4 text-xl font-bold text-primary-foreground"
          >
            <Printer aria-hidden="true" /> {m.office_queue_ticket_print()}
          </button>
        ) : null}
        <Link to={kiosk} className="flex min-h-16 flex-1 items-center justify-center rounded-xl border-2 px-4 text-xl font-semibold">
          {m.office_common_done()}
        </Link>
      </div>
      <p className="ticket-screen-only text-sm text-muted-foreground">
        {m.office_queue_ticket_back({ seconds: BACK_AFTER_SECONDS })}
      </p>
    </main>
  );
}
