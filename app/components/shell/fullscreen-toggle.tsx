import { Maximize, Minimize } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { m } from "@domain/i18n";

/** The top bar's fullscreen toggle (spec §2.2). */
export function FullscreenToggle({ className }: { className?: string }) {
  const [fullscreen, setFullscreen] = React.useState(false);
  React.useEffect(() => {
    const onChange = () => setFullscreen(!!document.fullscreenElement);
    onChange();
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, []);
  const label = fullscreen ? m.shell_fullscreen_exit() : m.shell_fullscreen_enter();
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className={className}
      aria-label={label}
      title={label}
      aria-pressed={fullscreen}
      onClick={() => {
        if (document.fullscreenElement) void document.exitFullscreen?.().catch(() => {});
        else void document.documentElement.requestFullscreen?.().catch(() => {});
      }}
    >
      {fullscreen ? <Minimize aria-hidden="true" /> : <Maximize aria-hidden="true" />}
    </Button>
  );
}
