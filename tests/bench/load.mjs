// One load run in its own process (issue 6: "autocannon in a separate process"), so the load
// generator does not compete with the server inside one event loop. Prints the figures as JSON.
import autocannon from "autocannon";

const spec = JSON.parse(process.argv[2]);
let i = 0;
const times = [];
let non2xx = 0;
const instance = autocannon({
  url: spec.baseUrl,
  connections: spec.connections,
  duration: spec.duration,
  headers: spec.headers ?? {},
  requests: [
    {
      method: spec.method ?? "GET",
      body: spec.body,
      // Cycle through the case's paths (e.g. 200 different search texts).
      setupRequest: (req) => ({ ...req, path: spec.paths[i++ % spec.paths.length] }),
    },
  ],
});
// autocannon reports p90 and p97.5; p95 is computed here from every response time.
instance.on("response", (_client, statusCode, _bytes, responseTime) => {
  times.push(responseTime);
  if (statusCode < 200 || statusCode >= 300) non2xx++;
});
const result = await instance;
times.sort((a, b) => a - b);
const pct = (p) => (times.length ? times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)] : null);
const round = (v) => (v == null ? null : Math.round(v * 100) / 100);
process.stdout.write(
  JSON.stringify({
    p50_ms: round(pct(50)),
    p95_ms: round(pct(95)),
    p99_ms: round(pct(99)),
    rps: round(times.length / spec.duration),
    errors: result.errors + result.timeouts + non2xx,
    requests: times.length,
  }),
);
