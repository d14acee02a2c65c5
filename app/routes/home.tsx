import { ArrowRight, BadgeCheck, FileCheck, FileText, LogIn, MapPin, Receipt, ScrollText, ShieldCheck, Store } from "lucide-react";
import { Link } from "react-router";
import { useRootData } from "~/lib/root-data";
import { titleMeta } from "~/lib/titles";
import { m } from "@domain/i18n";

export const meta = () => titleMeta("home");

// Message functions, called when rendering (the language is per request).
const SERVICES = [
  { key: "clearance", icon: ScrollText, title: m.shell_home_service_clearance, text: m.shell_home_service_clearance_text },
  { key: "certificates", icon: FileText, title: m.shell_home_service_certificates, text: m.shell_home_service_certificates_text },
  { key: "business", icon: Store, title: m.shell_home_service_business, text: m.shell_home_service_business_text },
  { key: "receipts", icon: Receipt, title: m.shell_home_service_receipts, text: m.shell_home_service_receipts_text },
];

/** The public home page (spec §2.1 "/ titled Home"). */
export default function Home() {
  const root = useRootData();
  const barangay = root?.barangay;
  const signedIn = !!root?.user;
  return (
    <div className="flex flex-col gap-12">
      <section
        aria-labelledby="home-title"
        className="relative overflow-hidden rounded-2xl border bg-gradient-to-br from-amber-50 via-card to-yellow-100 px-6 py-10 shadow-sm sm:px-10 sm:py-14 dark:from-stone-900 dark:via-card dark:to-stone-900"
      >
        <div aria-hidden="true" className="pointer-events-none absolute -top-24 -right-24 size-72 rounded-full bg-primary/25 blur-3xl" />
        <div className="relative flex flex-col gap-6 sm:flex-row sm:items-center sm:gap-10">
          <img src="/favicon.svg" alt="" width={112} height={112} className="size-20 shrink-0 drop-shadow sm:size-28" />
          <div className="flex flex-col gap-3">
            <p className="text-xs font-semibold tracking-[0.2em] text-muted-foreground uppercase">
              {m.shell_home_republic({ province: barangay?.province ?? "" })}
            </p>
            <p className="text-sm font-medium text-muted-foreground">{barangay?.municipality}</p>
            <h1 id="home-title" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
              {barangay?.name}
            </h1>
            <p className="flex items-start gap-2 text-muted-foreground">
              <MapPin className="mt-1 size-4 shrink-0" aria-hidden="true" />
              <span>{barangay?.address}</span>
            </p>
            <div className="mt-2 flex flex-wrap gap-3">
              <Link
                to={signedIn ? "/dashboard" : "/login"}
                className="inline-flex h-10 items-center gap-2 rounded-md bg-primary px-5 font-medium text-primary-foreground shadow-sm hover:bg-primary/90 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none"
              >
                <LogIn className="size-4" aria-hidden="true" />
                {signedIn ? m.shell_home_go_dashboard() : m.shell_home_staff_sign_in()}
              </Link>
              <a
                href="#verify"
                className="inline-flex h-10 items-center gap-2 rounded-md border bg-background px-5 font-medium shadow-sm hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none"
              >
                <BadgeCheck className="size-4" aria-hidden="true" />
                {m.shell_home_verify_document()}
              </a>
            </div>
          </div>
        </div>
      </section>

      <section id="verify" aria-labelledby="verify-title" className="flex scroll-mt-6 flex-col gap-4">
        <div className="flex flex-col gap-1">
          <h2 id="verify-title" className="text-2xl font-semibold tracking-tight">
            {m.shell_home_check_title()}
          </h2>
          <p className="text-muted-foreground">{m.shell_home_check_text()}</p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <VerifyCard
            to="/verify/collection"
            icon={Receipt}
            title={m.shell_home_verify_receipt_title()}
            text={m.shell_home_verify_receipt_text()}
          />
          <VerifyCard
            to="/verify/transaction"
            icon={FileCheck}
            title={m.shell_home_verify_certificate_title()}
            text={m.shell_home_verify_certificate_text()}
          />
        </div>
      </section>

      <section aria-labelledby="services-title" className="flex flex-col gap-4">
        <h2 id="services-title" className="text-2xl font-semibold tracking-tight">
          {m.shell_home_services_title()}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {SERVICES.map(({ key, icon: Icon, title, text }) => (
            <li key={key} className="flex flex-col gap-2 rounded-xl border bg-card p-5 shadow-sm">
              <Icon className="size-5 text-primary-ink" aria-hidden="true" />
              <h3 className="font-medium">{title()}</h3>
              <p className="text-sm text-muted-foreground">{text()}</p>
            </li>
          ))}
        </ul>
        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{m.shell_home_in_person()}</span>
        </p>
      </section>
    </div>
  );
}

function VerifyCard({ to, icon: Icon, title, text }: { to: string; icon: React.ElementType; title: string; text: string }) {
  return (
    <Link
      to={to}
      className="group flex items-start gap-4 rounded-xl border bg-card p-5 shadow-sm transition-colors hover:border-primary hover:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <span className="flex flex-1 flex-col gap-1">
        <span className="font-semibold">{title}</span>
        <span className="text-sm text-muted-foreground">{text}</span>
      </span>
      <ArrowRight
        className="mt-1 size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
        aria-hidden="true"
      />
    </Link>
  );
}
