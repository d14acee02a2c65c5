import * as React from "react";
import { Volume2, VolumeX } from "lucide-react";
import { formatTime } from "~/lib/reader-dates";
import { intlLocale, m } from "@domain/i18n";
import { useRootData } from "~/lib/root-data";
import { useHydrated } from "~/components/resource/use-hydrated";
import type { LoaderData } from "~/lib/route-data";
import type { loader } from "~/routes/queue.display";
import { useQueueEvents, type QueueEvent } from "./use-queue-events";

// The hall's TV (decision 206): each window and the ticket it serves, the last tickets called and
// how many wait per service. Ticket codes only, never a name. Live over /ws/queue: a call chimes
// and is read aloud with the browser's speech where it has one (the browser lets a page make sound
// only after a tap, so the screen asks for one tap once). Without JavaScript the page reloads
// itself every ten seconds.

type Board = LoaderData<typeof loader>["board"];

/** "C-007" read as "C, 7": letters one by one, the number as a number. */
export function spokenCode(code: string): string {
  const [prefix, number] = code.split("-");
  return `${prefix.split("").join(" ")}, ${Number(number)}`;
}

function chime(context: AudioContext): void {
  const now = context.currentTime;
  [880, 660].forEach((frequency, i) => {
    const osc = context.createOscillator();
    const gain = context.createGain();
    osc.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, now + i * 0.35);
    gain.gain.exponentialRampToValueAtTime(0.3, now + i * 0.35 + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.35 + 0.6);
    osc.connect(gain).connect(context.destination);
    osc.start(now + i * 0.35);
    osc.stop(now + i * 0.35 + 0.65);
  });
}

export function DisplayScreen({ board }: { board: Board }) {
  const root = useRootData();
  const hydrated = useHydrated();
  const [sound, setSound] = React.useState(false);
  const audio = React.useRef<AudioContext | null>(null);
  const [flash, setFlash] = React.useState<string | null>(null);

  const announce = React.useCallback(
    (event: QueueEvent) => {
      setFlash(event.code);
      setTimeout(() => setFlash((current) => (current === event.code ? null : current)), 6000);
      if (!sound) return;
      if (audio.current) chime(audio.current);
      if ("speechSynthesis" in window) {
        const code = spokenCode(event.code);
        const utterance = new SpeechSynthesisUtterance(
          event.window ? m.office_queue_display_spoken_at({ code, window: event.window }) : m.office_queue_display_spoken({ code }),
        );
        utterance.rate = 0.9;
        utterance.lang = intlLocale();
        // After the chime.
        setTimeout(() => window.speechSynthesis.speak(utterance), 800);
      }
    },
    [sound],
  );
  const status = useQueueEvents(announce);

  const enableSound = () => {
    const Context = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (Context && !audio.current) audio.current = new Context();
    void audio.current?.resume();
    setSound(true);
  };

  return (
    <main className="flex min-h-screen flex-col gap-4 bg-stone-950 p-4 text-white sm:p-6" data-testid="queue-display">
      <noscript>
        {/* Without JavaScript the board reloads itself (a browser honours a refresh met in the body). */}
        <meta httpEquiv="refresh" content="10" />
      </noscript>
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <img src="/favicon.svg" alt="" className="size-10" />
          <h1 className="text-2xl font-bold sm:text-4xl">{m.office_queue_display_heading({ barangay: root?.barangay.name ?? m.office_queue_barangay() })}</h1>
        </div>
        {hydrated ? (
          <div className="flex items-center gap-3">
            <span className={`text-sm ${status === "live" ? "text-emerald-300" : "text-amber-300"}`} data-testid="display-status">
              {status === "live" ? m.office_queue_display_live() : m.office_queue_display_connecting()}
            </span>
            <button
              type="button"
              onClick={sound ? () => setSound(false) : enableSound}
              className="flex min-h-12 items-center gap-2 rounded-lg border border-white/40 px-4 text-base font-semibold hover:bg-white/10"
            >
              {sound ? <Volume2 aria-hidden="true" /> : <VolumeX aria-hidden="true" />}
              {sound ? m.office_queue_display_sound_on() : m.office_queue_display_sound_tap()}
            </button>
          </div>
        ) : null}
      </header>
      <div className="grid flex-1 gap-4 lg:grid-cols-[2fr_1fr]">
        <section aria-label={m.office_queue_display_windows()} className="grid content-start gap-3 sm:grid-cols-2">
          {board.windows.map((w) => (
            <article
              key={w.id}
              className={`flex flex-col gap-1 rounded-2xl border-2 p-4 sm:p-6 ${
                w.code && flash === w.code ? "animate-pulse border-yellow-400 bg-yellow-400/20" : "border-white/20 bg-white/5"
              }`}
              data-testid={`display-window-${w.id}`}
            >
              <h2 className="text-xl font-semibold text-yellow-300 sm:text-3xl">{w.name}</h2>
              <p className="font-mono text-6xl leading-none font-black sm:text-8xl" aria-live="polite">
                {w.code ?? "—"}
              </p>
              <p className="text-base text-white/80 sm:text-lg">{w.code ? (w.priority ? m.office_queue_display_priority() : "\u00a0") : m.office_queue_display_open()}</p>
            </article>
          ))}
          {board.windows.length === 0 ? <p className="text-2xl">{m.office_queue_display_no_windows()}</p> : null}
        </section>
        <aside className="flex flex-col gap-4">
          <section aria-label={m.office_queue_display_just_called()} className="rounded-2xl border-2 border-white/20 p-4">
            <h2 className="mb-2 text-xl font-semibold text-yellow-300">{m.office_queue_display_just_called()}</h2>
            {board.recent.length === 0 ? (
              <p className="text-lg text-white/80">{m.office_queue_display_no_one()}</p>
            ) : (
              <ol className="flex flex-col gap-1">
                {board.recent.map((r) => (
                  <li key={`${r.code}-${r.called_at}`} className="flex items-baseline justify-between gap-2 text-xl">
                    <span className="font-mono font-bold">{r.code}</span>
                    <span className="text-white/80">{r.window}</span>
                    <span className="text-sm text-white/70">{formatTime(r.called_at)}</span>
                  </li>
                ))}
              </ol>
            )}
          </section>
          <section aria-label={m.office_queue_display_waiting()} className="rounded-2xl border-2 border-white/20 p-4">
            <h2 className="mb-2 text-xl font-semibold text-yellow-300">{m.office_queue_display_waiting()}</h2>
            <ul className="flex flex-col gap-1">
              {board.waiting.map((s) => (
                <li key={s.prefix} className="flex justify-between text-xl">
                  <span>
                    <span className="font-mono font-bold">{s.prefix}</span> {s.service}
                  </span>
                  <span className="font-bold">{s.waiting}</span>
                </li>
              ))}
            </ul>
          </section>
        </aside>
      </div>
    </main>
  );
}
