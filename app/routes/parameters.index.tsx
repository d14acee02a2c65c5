import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { useRootData } from "~/lib/root-data";
import { usePrefetchMode } from "~/lib/prefetch";
import { titleMeta } from "~/lib/titles";
import { allowedParameters, parameterInfo } from "~/components/resource/parameter-info";

// /system/parameters: a card for each parameter list the user may manage.

export const meta = () => titleMeta("system-parameters");

export default function ParametersIndex() {
  const root = useRootData();
  const prefetch = usePrefetchMode();
  const entries = allowedParameters(root?.user);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">System parameters</h1>
        <p className="text-sm text-muted-foreground">The lists the rest of the portal picks from: banks, puroks, types and fees.</p>
      </div>
      {entries.length === 0 ? (
        <p className="text-muted-foreground">Your role may not manage any parameter list yet.</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="parameter-cards">
          {entries.map((def) => {
            const { icon: Icon, description } = parameterInfo(def);
            return (
              <li key={def.name}>
                <Link
                  to={def.path}
                  prefetch={prefetch}
                  className="group flex h-full items-start gap-3 rounded-xl border bg-card p-4 shadow-sm transition-colors hover:border-primary hover:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/15 text-primary-ink dark:bg-primary/10">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <span className="flex min-w-0 flex-1 flex-col gap-1">
                    <span className="font-medium">{def.labels.title}</span>
                    <span className="text-sm text-muted-foreground">{description}</span>
                  </span>
                  <ArrowRight
                    className="mt-1 size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5 group-hover:text-foreground"
                    aria-hidden="true"
                  />
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
