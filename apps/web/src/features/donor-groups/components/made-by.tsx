import type { DonorGroup } from "@cultivate/shared";

/** Who made a group (issue 14): their name, else their email; groups from the demo loader or a deleted account have none. */
export function MadeBy({ maker }: { maker: DonorGroup["createdBy"] }) {
  if (!maker) return <span>Unknown</span>;
  return <span title={maker.email}>{maker.name ?? maker.email}</span>;
}
