// The page adapter of /verify/kp: the route reads the public verification through this module, so
// no server-only code is imported by the route module itself. The lookups share the other verify
// pages' limit per address (server/features/certificates/verify-limit.ts).
export { verifyKpCertification, type KpVerification } from "./verify.ts";
export { verifyLookupWait } from "../certificates/verify-limit.ts";
