import { Link } from "react-router";
import { Button, Container, Group, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { DONOR_MESSAGES } from "@cultivate/shared";
import { AdminOrganizationPicker } from "@/features/admin/components/admin-organization-picker";
import { useMe } from "@/features/auth/api/get-me";
import { RequirePermission } from "@/features/auth/components/require-permission";
import { ImportHistory } from "@/features/donors/components/import-history";
import { can } from "@/lib/permissions";
import { pageParam, useUrlParamSetter } from "@/lib/url-params";

/** /imports: the import history (issue 14; docs/RULES.md, Import). Admins pick the organisation. */
export function ImportsRoute() {
  return (
    <RequirePermission
      permission="viewDonors"
      deniedTitle={DONOR_MESSAGES.accessDeniedTitle}
      deniedMessage={DONOR_MESSAGES.accessDenied}
    >
      <Imports />
    </RequirePermission>
  );
}

function Imports() {
  const [params, set] = useUrlParamSetter();
  const organizationId = params.get("organizationId") ?? undefined;
  const page = pageParam(params);
  const me = useMe().data;
  const isAdmin = can(me, "seeAllOrganizations");

  return (
    <Container size="lg" py="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <div>
            <Title order={1}>Import History</Title>
            <Text c="dimmed">
              Every CSV import, newest first. Undo removes the donors an import added and restores the ones it updated.
            </Text>
          </div>
          <Button
            component={Link}
            to={organizationId ? `/donors?organizationId=${encodeURIComponent(organizationId)}` : "/donors"}
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
          >
            Back to Donor List
          </Button>
        </Group>
        <AdminOrganizationPicker
          value={organizationId ?? null}
          onChange={(id) => set({ organizationId: id ?? undefined, page: undefined })}
        />
        <ImportHistory
          organizationId={organizationId}
          page={page}
          onPage={(p) => set({ page: p > 1 ? String(p) : undefined })}
          showOrganization={isAdmin}
        />
      </Stack>
    </Container>
  );
}
