// Shared settings of the benchmark scripts (issue 6).
export const BENCH_ADMIN = { username: "benchadmin", password: "Bench-Passw0rd!" } as const;

export function benchDatabaseUrl(): string {
  return process.env.BENCH_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/portal_bench";
}
