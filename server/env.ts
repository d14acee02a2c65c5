import { z } from "zod";

// Configuration, validated once at start (README "Configuration" lists every variable).
const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no", ""])
  .optional()
  .transform((v) => v === "true" || v === "1" || v === "yes");

const PORT_RULE = "PORT must be a whole number from 0 to 65535";

export const envSchema = z.object({
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
  SECURE_COOKIES: booleanFlag,
  TRUST_PROXY: booleanFlag,
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
