import { z } from "zod";

// Configuration, validated once at start (README "Configuration" lists every variable).
const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no", ""])
  .optional()
  .transform((v) => v === "true" || v === "1" || v === "yes");

const PORT_RULE = "PORT must be a whole number from 0 to 65535";
const WEB_CONCURRENCY_RULE = "WEB_CONCURRENCY must be a whole number of worker processes from 1 to 32";

export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    // An empty PORT means "not set", not port 0 (which would listen on a random port).
    PORT: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z.coerce.number({ error: PORT_RULE }).int(PORT_RULE).min(0, PORT_RULE).max(65535, PORT_RULE).default(3000),
    ),
    HOST: z.string().min(1).default("0.0.0.0"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    // A streaming replica of DATABASE_URL that reports, exports and roll-ups may read from (decision 214).
    DATABASE_REPLICA_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "DATABASE_REPLICA_URL must start with postgres:// or postgresql://")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    // The server itself (or a session-mode PgBouncer entry) for the realtime LISTEN connection, when
    // DATABASE_URL goes through PgBouncer in transaction mode (decision 216).
    DATABASE_DIRECT_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "DATABASE_DIRECT_URL must start with postgres:// or postgresql://")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    PGLITE_DIR: z.string().min(1).default("./data"),
    ADMIN_USERNAME: z
      .string()
      .regex(/^[a-zA-Z0-9._-]{3,50}$/, "ADMIN_USERNAME must be 3 to 50 letters, digits, dots, dashes or underscores")
      .default("admin"),
    ADMIN_PASSWORD: z
      .string()
      .min(8, "ADMIN_PASSWORD must be at least 8 characters")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    SEED_DEMO: booleanFlag.default(true),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    MAINTENANCE_MODE: booleanFlag.default(false),
    // One deployment for many barangays (DESIGN §14, decision 209): the process serves a hub, whose
    // visitors see no barangay until a verification code or a barangay's PSGC code names one.
    PORTAL_HUB: booleanFlag.default(false),
    // "auto" marks cookies Secure and sends HSTS when the request
    // came over HTTPS (TLS here, or X-Forwarded-Proto: https from a proxy).
    SECURE_COOKIES: z
      .enum(["auto", "true", "false", "1", "0", "yes", "no", ""], { error: "SECURE_COOKIES must be auto, true or false" })
      .optional()
      .transform((v): "auto" | boolean =>
        v === undefined || v === "" || v === "auto" ? "auto" : v === "true" || v === "1" || v === "yes",
      ),
    // The proxies whose X-Forwarded-For is believed: false, true (this machine only: loopback), or a
    // comma-separated list of addresses and CIDR ranges (proxy-addr names loopback, linklocal and
    // uniquelocal allowed).
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((v, ctx): string | false => {
        const value = (v ?? "").trim().toLowerCase();
        if (["", "false", "0", "no"].includes(value)) return false;
        if (["true", "1", "yes"].includes(value)) return "loopback";
        const parts = value.split(",").map((p) => p.trim());
        const ok = parts.every((p) => ["loopback", "linklocal", "uniquelocal"].includes(p) || /^[0-9a-f:.]+(\/\d{1,3})?$/.test(p));
        if (!ok) {
          ctx.addIssue({
            code: "custom",
            message: "TRUST_PROXY must be false, true (loopback), or a comma-separated list of proxy addresses or CIDR ranges",
          });
          return z.NEVER;
        }
        return parts.join(",");
      }),
    // How long start-up keeps trying an unreachable DATABASE_URL.
    DATABASE_WAIT_SECONDS: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z.coerce.number({ error: "DATABASE_WAIT_SECONDS must be a number of seconds from 0 to 3600" }).min(0).max(3600).default(60),
    ),
    // Bodies of page actions (forms) and uploads (multipart, e.g. photos), in megabytes.
    FORM_BODY_LIMIT_MB: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z.coerce.number({ error: "FORM_BODY_LIMIT_MB must be a number of megabytes from 0.1 to 100" }).min(0.1).max(100).default(1),
    ),
    UPLOAD_BODY_LIMIT_MB: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z.coerce.number({ error: "UPLOAD_BODY_LIMIT_MB must be a number of megabytes from 1 to 100" }).min(1).max(100).default(6),
    ),
    // Worker processes sharing the port (decision 212): `npm start` forks this many when above 1.
    WEB_CONCURRENCY: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z.coerce
        .number({ error: WEB_CONCURRENCY_RULE })
        .int(WEB_CONCURRENCY_RULE)
        .min(1, WEB_CONCURRENCY_RULE)
        .max(32, WEB_CONCURRENCY_RULE)
        .default(1),
    ),
  })
  .superRefine((env, ctx) => {
    // A replica copies a PostgreSQL server: the embedded database has none.
    if (env.DATABASE_REPLICA_URL && !env.DATABASE_URL)
      ctx.addIssue({
        code: "custom",
        path: ["DATABASE_REPLICA_URL"],
        message: "a replica needs DATABASE_URL: it is a copy of that PostgreSQL server, and the embedded database has none",
      });
    // The embedded database can be opened by one process only: several workers need PostgreSQL.
    if (env.WEB_CONCURRENCY > 1 && !env.DATABASE_URL)
      ctx.addIssue({
        code: "custom",
        path: ["WEB_CONCURRENCY"],
        message:
          "several worker processes need PostgreSQL: the embedded database can be opened by one process only. Set DATABASE_URL, or leave WEB_CONCURRENCY at 1",
      });
  });

export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse({ ...source, SEED_DEMO: source.SEED_DEMO ?? "true" });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return parsed.data;
}
