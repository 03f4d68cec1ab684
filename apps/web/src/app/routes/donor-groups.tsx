import { useCallback, useEffect } from "react";
import { Link } from "react-router";
import { Alert, Button, Container, Group, Stack, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { modals } from "@mantine/modals";
import { IconArrowLeft } from "@tabler/icons-react";
import { DONOR_MESSAGES, plural, pluralWord, type DonorGroup, type SavedDonorGroup } from "@cultivate/shared";
import { ListPager, useListPageControls } from "@/components/ui/list-pager";
import { SearchBox } from "@/components/ui/search-box";
import { AdminOrganizationPicker } from "@/features/admin/components/admin-organization-picker";
import { RequirePermission } from "@/features/auth/components/require-permission";
import {
  useCreateDonorGroup,
  useDeleteDonorGroup,
  useDeleteSavedDonorGroup,
  useDonorGroups,
  useSavedDonorGroups,
} from "@/features/donor-groups/api/donor-groups";
import { useGroupOrganizationLabel } from "@/features/donor-groups/api/organization-label";
import { HowToPanel } from "@/features/donor-groups/components/how-to-panel";
import { NewGroupModal } from "@/features/donor-groups/components/new-group-modal";
import { SavedGroupsSection } from "@/features/donor-groups/components/saved-groups-section";
import { StaticGroupsSection } from "@/features/donor-groups/components/static-groups-section";
import { ApiClientError, errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { usePageTitle } from "@/lib/page-title";
import { pageParam, searchParam, useUrlParamSetter } from "@/lib/url-params";

/** Serves both /donor-groups and /saved-donor-groups (the same screen; docs/RULES.md, Groups). */
export function DonorGroupsRoute() {
  usePageTitle("Donor Groups");
  return (
    <RequirePermission
      permission="viewDonors"
      deniedTitle={DONOR_MESSAGES.accessDeniedTitle}
      deniedMessage={DONOR_MESSAGES.accessDenied}
    >
      <DonorGroupsScreen />
    </RequirePermission>
  );
}

/**
 * Both lists in pages of 50 (ADR 072), each with its page in the address (`page`, `savedPage`); one name
 * search (`q`) filters both and takes both back to their first page.
 */
function DonorGroupsScreen() {
  const [params, set] = useUrlParamSetter();
  const organizationId = params.get("organizationId") ?? undefined;
  const q = searchParam(params);
  const page = pageParam(params);
  const savedPage = pageParam(params, "savedPage");
  const staticGroups = useDonorGroups({ organizationId, q, page });
  const savedGroups = useSavedDonorGroups({ organizationId, q, page: savedPage });
  const organizationOf = useGroupOrganizationLabel(organizationId);
  const staticPages = useListPageControls(page, staticGroups.data, set);
  const savedPages = useListPageControls(savedPage, savedGroups.data, set, "savedPage");
  const search = useCallback(
    (next: string) => set({ q: next || undefined, page: undefined, savedPage: undefined }, true),
    [set],
  );
  const create = useCreateDonorGroup();
  const removeStatic = useDeleteDonorGroup();
  const removeSaved = useDeleteSavedDonorGroup();
  const [newOpen, newModal] = useDisclosure(false);

  const loadError = staticGroups.error ?? savedGroups.error;
  useEffect(() => {
    if (loadError) notify.error(DONOR_MESSAGES.loadGroupsFailed(errorMessage(loadError, "unknown error")));
  }, [loadError]);

  const onCreate = (name: string) =>
    create.mutateAsync({ name, organizationId }).then(
      (g) => {
        notify.success(`Group "${g.name}" created successfully!`);
        // By name, the new group may land on another page than this one, or outside the search: the
        // list then searches for its name, so it is in sight (docs/RULES.md, Groups).
        const list = staticGroups.data;
        if (list && (q || page > 1 || list.total >= list.pageSize))
          set({ q: g.name, page: undefined, savedPage: undefined }, true);
      },
      (error: unknown) => {
        notify.error(
          error instanceof ApiClientError && error.status === 401
            ? DONOR_MESSAGES.groupLoginRequired
            : DONOR_MESSAGES.createGroupFailed(errorMessage(error, "unknown error")),
        );
        throw error;
      },
    );

  const confirmDeleteStatic = (g: DonorGroup) =>
    modals.openConfirmModal({
      title: "Delete group",
      children: (
        <Text size="sm">
          Delete the group "{g.name}"? Its {plural(g.memberCount, "donor")} {pluralWord(g.memberCount, "stays", "stay")}{" "}
          in the donor list; only the group goes.
        </Text>
      ),
      labels: { confirm: "Delete", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: () =>
        removeStatic.mutate(g.id, {
          onSuccess: () => notify.success(`Group "${g.name}" deleted.`),
          onError: (error) =>
            notify.error(DONOR_MESSAGES.deleteStaticGroupFailed(errorMessage(error, "unknown error"))),
        }),
    });

  const confirmDeleteSaved = (g: SavedDonorGroup) =>
    modals.openConfirmModal({
      title: "Delete saved group",
      children: <Text size="sm">Delete the saved filter group "{g.name}"?</Text>,
      labels: { confirm: "Delete", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: () =>
        removeSaved.mutate(g.id, {
          onSuccess: () => notify.success(`Saved group "${g.name}" deleted.`),
          onError: (error) => notify.error(DONOR_MESSAGES.deleteSavedGroupFailed(errorMessage(error, "unknown error"))),
        }),
    });

  return (
    <Container size="lg" py="lg">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={1}>Donor Groups</Title>
          <Group gap="xs" align="flex-end">
            <AdminOrganizationPicker
              value={organizationId ?? null}
              onChange={(id) =>
                set({ organizationId: id ?? undefined, q: undefined, page: undefined, savedPage: undefined })
              }
            />
            <Button
              component={Link}
              to={organizationId ? `/donors?organizationId=${encodeURIComponent(organizationId)}` : "/donors"}
              variant="default"
              leftSection={<IconArrowLeft size={16} />}
            >
              Back to Donor List
            </Button>
          </Group>
        </Group>
        {loadError ? (
          <Alert color="red" role="alert">
            {DONOR_MESSAGES.loadGroupsFailed(errorMessage(loadError, "unknown error"))}
          </Alert>
        ) : null}
        {/* In a row, as on the other lists: the box grows along it, never down the page. */}
        <Group>
          <SearchBox value={q} onSearch={search} label="Search groups" placeholder="Group name" />
        </Group>
        <StaticGroupsSection
          groups={staticGroups.data?.groups}
          loading={staticGroups.isPending}
          searching={Boolean(q)}
          organizationOf={organizationOf}
          onNew={newModal.open}
          onDelete={confirmDeleteStatic}
          organizationId={organizationId}
          footer={
            staticGroups.data ? (
              <ListPager
                page={page}
                pageSize={staticGroups.data.pageSize}
                total={staticGroups.data.total}
                noun="static group"
                onPage={staticPages.setPage}
                label="Static group pages"
                testId="static-group-count"
              />
            ) : null
          }
        />
        <SavedGroupsSection
          groups={savedGroups.data?.groups}
          loading={savedGroups.isPending}
          searching={Boolean(q)}
          organizationOf={organizationOf}
          onDelete={confirmDeleteSaved}
          organizationId={organizationId}
          footer={
            savedGroups.data ? (
              <ListPager
                page={savedPage}
                pageSize={savedGroups.data.pageSize}
                total={savedGroups.data.total}
                noun="saved filter group"
                onPage={savedPages.setPage}
                label="Saved filter group pages"
                testId="saved-group-count"
                scrollTo="saved-groups-title"
              />
            ) : null
          }
        />
        <HowToPanel />
      </Stack>
      <NewGroupModal opened={newOpen} onClose={newModal.close} creating={create.isPending} onCreate={onCreate} />
    </Container>
  );
}
