import { Monitor, Moon, Sun } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { lazyComponent, useOnDemand } from "~/lib/lazy-component";
import { useColorMode, type ColorMode } from "~/lib/ui-color-mode";
import { m } from "@domain/i18n";

/** The modes' names: message functions, called when rendering (the language is per request). */
export const COLOR_MODE_LABELS: Record<ColorMode, () => string> = {
  system: m.shell_color_mode_system,
  light: m.shell_color_mode_light,
  dark: m.shell_color_mode_dark,
};
export const COLOR_MODE_ICONS = { system: Monitor, light: Sun, dark: Moon } as const;

// The Radix menu loads on the first click (decision 177); until then a plain look-alike button.
const ColorModeDropdown = lazyComponent(() => import("./color-mode-dropdown").then((m) => m.ColorModeDropdown));

/** Colour mode (spec §4): System, Light or Dark, kept in localStorage. */
export function ColorModeToggle({ className }: { className?: string }) {
  const [mode, setMode] = useColorMode();
  const { requested, request, intent } = useOnDemand(ColorModeDropdown);
  const Icon = COLOR_MODE_ICONS[mode];
  const button = (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className={className}
      aria-label={m.shell_color_mode_current({ mode: COLOR_MODE_LABELS[mode]() })}
      title={m.shell_color_mode()}
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      onClick={request}
      {...intent}
    >
      <Icon aria-hidden="true" />
    </Button>
  );
  if (!requested) return button;
  return (
    <React.Suspense fallback={button}>
      <ColorModeDropdown mode={mode} setMode={setMode} className={className} />
    </React.Suspense>
  );
}
