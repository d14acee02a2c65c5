import { Link } from "react-router";
import { titleMeta } from "~/lib/titles";
import { useRootData } from "~/lib/root-data";

export const meta = () => titleMeta("home");

export default function Home() {
  const root = useRootData();
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-3xl font-bold">{root?.barangay.name}</h1>
      <p className="text-muted-foreground">
        {root?.barangay.municipality}, {root?.barangay.province}
      </p>
      <div className="flex flex-wrap gap-3">
        <Link to="/login" className="rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground">
          Sign in
        </Link>
        <Link to="/verify/collection" className="rounded-md border px-4 py-2 font-medium">
          Verify an official receipt
        </Link>
        <Link to="/verify/transaction" className="rounded-md border px-4 py-2 font-medium">
          Verify a certificate
        </Link>
      </div>
    </section>
  );
}
