import { ArrowRight, BadgeCheck, FileCheck, FileText, LogIn, MapPin, Receipt, ScrollText, ShieldCheck, Store } from "lucide-react";
import { Link } from "react-router";
import { useRootData } from "~/lib/root-data";
import { titleMeta } from "~/lib/titles";

export const meta = () => titleMeta("home");

const SERVICES = [
  { icon: ScrollText, title: "Barangay clearance", text: "For employment, loans, travel and other requirements." },
  { icon: FileText, title: "Certificates", text: "Residency, indigency and other certifications for residents." },
  { icon: Store, title: "Business clearance", text: "For businesses operating within the barangay." },
  { icon: Receipt, title: "Official receipts", text: "Every payment at the barangay hall is issued a numbered receipt." },
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
              Republic of the Philippines · Province of {barangay?.province}
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
                {signedIn ? "Go to the dashboard" : "Staff sign in"}
              </Link>
              <a
                href="#verify"
                className="inline-flex h-10 items-center gap-2 rounded-md border bg-background px-5 font-medium shadow-sm hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none"
              >
                <BadgeCheck className="size-4" aria-hidden="true" />
                Verify a document
              </a>
            </div>
          </div>
        </div>
      </section>

      <section id="verify" aria-labelledby="verify-title" className="flex scroll-mt-6 flex-col gap-4">
        <div className="flex flex-col gap-1">
          <h2 id="verify-title" className="text-2xl font-semibold tracking-tight">
            Check a document
          </h2>
          <p className="text-muted-foreground">
            Every receipt and certificate printed by the barangay carries a QR code. Scan it, or open the matching page below and type the
            code printed under it, to see whether the document is genuine.
          </p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <VerifyCard
            to="/verify/collection"
            icon={Receipt}
            title="Verify an official receipt"
            text="Check the number, payer, amount and date of an official receipt."
          />
          <VerifyCard
            to="/verify/transaction"
            icon={FileCheck}
            title="Verify a certificate"
            text="Check a barangay clearance or certificate: who it was issued to, and when."
          />
        </div>
      </section>

      <section aria-labelledby="services-title" className="flex flex-col gap-4">
        <h2 id="services-title" className="text-2xl font-semibold tracking-tight">
          Services at the barangay hall
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {SERVICES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex flex-col gap-2 rounded-xl border bg-card p-5 shadow-sm">
              <Icon className="size-5 text-primary-ink" aria-hidden="true" />
              <h3 className="font-medium">{title}</h3>
              <p className="text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>Requests are made in person at the barangay hall. This portal is the office system of the barangay staff.</span>
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
