import { Group, Select, Text } from "@mantine/core";
import { type DonorRecord, type RelationshipManager, DONOR_MESSAGES } from "@cultivate/shared";
import { errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { useAssignRelationshipManager, useRelationshipManagers } from "../api/portfolio";

export const managerName = (m: Pick<RelationshipManager, "name" | "email">) => m.name ?? m.email;

/** A Select's options: the organisation's managers, and the current one even if they are no longer listed. */
export const managerOptions = (managers: RelationshipManager[], current?: RelationshipManager | null) => {
  const all = current && !managers.some((m) => m.id === current.id) ? [...managers, current] : managers;
  return all.map((m) => ({ value: m.id, label: m.name ? `${m.name} (${m.email})` : m.email }));
};

/**
 * Issue 15, Portfolios (docs/RULES.md, Portfolios): the donor's relationship manager. Owners and managers pick
 * one (or none) from the organisation's officers, managers and owners; everyone else reads the name.
 */
export function RelationshipManagerField({ donor, canAssign }: { donor: DonorRecord; canAssign: boolean }) {
  const managers = useRelationshipManagers(donor.organizationId, canAssign);
  const assign = useAssignRelationshipManager(donor.id);
  const current = donor.relationshipManager;
  if (!canAssign)
    return (
      <Text size="sm">
        <Text span c="dimmed">
          Relationship Manager:{" "}
        </Text>
        <Text span fw={600} data-testid="donor-relationship-manager">
          {current ? managerName(current) : "Unassigned"}
        </Text>
      </Text>
    );
  return (
    <Group gap="xs" align="flex-end">
      <Select
        label="Relationship Manager"
        placeholder="Unassigned"
        size="xs"
        w={280}
        searchable
        clearable
        nothingFoundMessage="No officer, manager or owner matches"
        data={managerOptions(managers.data ?? [], current)}
        value={current?.id ?? null}
        disabled={assign.isPending || managers.isPending}
        onChange={(userId) =>
          assign.mutate(userId, {
            onSuccess: (res) => notify.success(res.message),
            onError: (error) => notify.error(errorMessage(error, DONOR_MESSAGES.relationshipManagerNotSaved)),
          })
        }
      />
    </Group>
  );
}
