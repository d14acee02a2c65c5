import { ArrowRight, type LucideIcon } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { usePrefetchMode } from "~/lib/prefetch";
import { cn } from "~/lib/utils";

/** A card linking to a work area (the dashboard's areas, the parameter lists): icon, title, one line. */
export function AreaCard({
  to,
  icon: Icon,
  title,
  description,
  className,
}: {
  to: string;
  icon: LucideIcon;
  title: React.ReactNode;
  description: React.ReactNode;
  className?: string;
}) {
  const prefetch = usePrefetchMode();
  return (
    <Link
      to={to}
      prefetch={prefetch}
      className={cn(
        "group flex h-full items-start rounded-xl border bg-card p-4 shadow-sm transition-colors hover:border-primary hover:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
        className,
      )}
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/15 text-primary-ink dark:bg-primary/10">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        {title}
        <span className="text-sm text-muted-foreground">{description}</span>
      </span>
      <ArrowRight
        className="mt-1 size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5 group-hover:text-foreground"
        aria-hidden="true"
      />
    </Link>
  );
}
