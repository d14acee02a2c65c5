import { Check, Copy } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/components/resource/use-hydrated";
import { m } from "@domain/i18n";

/** Copies a value to the clipboard; hidden without JavaScript (the value is shown to select). */
export function CopyButton({ value, label, className }: { value: string; label?: string; className?: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = React.useState(false);
  React.useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(t);
  }, [copied]);
  if (!hydrated || !value) return null;
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      className={className}
      onClick={() => {
        void navigator.clipboard
          ?.writeText(value)
          .then(() => setCopied(true))
          .catch(() => setCopied(false));
      }}
    >
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      <span aria-live="polite">{copied ? m.admin_copied() : (label ?? m.admin_copy())}</span>
    </Button>
  );
}

/** A secret shown once: monospace, selectable, with a copy button. */
export function OneTimeSecret({ value, label }: { value: string; label: string }) {
  const id = React.useId();
  return (
    <div className="flex flex-col gap-1.5 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100" data-testid="one-time-secret">
      <span id={id} className="text-sm font-medium">
        {label}
      </span>
      <div className="flex flex-wrap items-center gap-2">
        <code aria-labelledby={id} className="rounded bg-background px-2 py-1 font-mono text-base break-all text-foreground select-all" data-testid="secret-value">
          {value}
        </code>
        <CopyButton value={value} />
      </div>
      <span className="text-xs">{m.admin_secret_once()}</span>
    </div>
  );
}
