import { useState } from "react";
import { Link, useLocation } from "react-router";
import { Alert, Anchor, Button, Container, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconArrowLeft, IconEye, IconEyeOff, IconPlus, IconSpeakerphone } from "@tabler/icons-react";
import { CAMPAIGN_MESSAGES, NETWORK_ERROR_MESSAGE, type Campaign, type Me } from "@cultivate/shared";
import { AccessDenied } from "@/components/ui/access-denied";
import { ListPager, useListPageControls } from "@/components/ui/list-pager";
import { OrganizationPicker } from "@/components/ui/organization-picker";
import { ApiClientError, errorMessage } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { useOrganizationNames } from "@/lib/organization-names";
import { can } from "@/lib/permissions";
import { pageParam, useUrlParamSetter } from "@/lib/url-params";
import { useCampaigns, useDeleteCampaign, useUpdateCampaign } from "../api/campaigns";
import { CampaignCard } from "./campaign-card";
import { CampaignFormModal } from "./campaign-form-modal";

/** The page's outline while roles or campaigns load (docs/RULES.md, Campaigns). */
export function CampaignManagementSkeleton() {
  return (
    <Container size="lg" py="xl" data-testid="campaigns-skeleton">
      <Stack>
        <Skeleton height={36} width="40%" />
        <Skeleton height={20} width="60%" />
        <Skeleton height={140} radius="md" />
        <Skeleton height={140} radius="md" />
      </Stack>
    </Container>
  );
}

export function CampaignManagement({ me }: { me: Me }) {
  const [params, setParams] = useUrlParamSetter();
  const { pathname } = useLocation();
  const organizationId = params.get("organizationId");
  const page = pageParam(params);
  // In the address with the page, so a reload or Back keeps both (the page counts archived ones when shown).
  const showArchived = params.get("archived") === "1";
  const [expandedId, setExpandedId] = useState<string | null>(null);
  // Issue 14: "Create New Campaign" links (?new=1) open the page with the New Campaign form showing.
  const [form, setForm] = useState<{ open: boolean; campaign: Campaign | null }>(() => ({
    open: params.get("new") === "1",
    campaign: null,
  }));
  const { data, isPending, isError, error } = useCampaigns(organizationId, showArchived, page);
  // A page past the end (campaigns archived or deleted, or an old link) moves to the last page.
  const { setPage } = useListPageControls(page, data, setParams);
  const organizations = useOrganizationNames(can(me, "seeAllOrganizations"));
  const update = useUpdateCampaign();
  const remove = useDeleteCampaign();

  if (isError && error instanceof ApiClientError && error.status === 403) {
    return <AccessDenied title="Access Denied" message={CAMPAIGN_MESSAGES.accessDenied} />;
  }

  const isAdmin = can(me, "seeAllOrganizations");
  const campaigns = data?.campaigns ?? [];
  const active = campaigns.filter((c) => !c.isArchived);
  const archived = campaigns.filter((c) => c.isArchived);

  const confirmArchive = (c: Campaign) => {
    const archiving = !c.isArchived;
    modals.openConfirmModal({
      title: archiving ? `Archive "${c.name}"?` : `Unarchive "${c.name}"?`,
      children: (
        <Text size="sm">{archiving ? CAMPAIGN_MESSAGES.archiveConfirm : CAMPAIGN_MESSAGES.unarchiveConfirm}</Text>
      ),
      labels: { confirm: archiving ? "Archive" : "Unarchive", cancel: "Cancel" },
      onConfirm: () =>
        update.mutate(
          { id: c.id, patch: { isArchived: archiving } },
          {
            onSuccess: () => {
              if (archiving && expandedId === c.id) setExpandedId(null);
              notify.success(archiving ? CAMPAIGN_MESSAGES.archived(c.name) : CAMPAIGN_MESSAGES.unarchived(c.name));
            },
            onError: (e) => {
              const m = errorMessage(e, NETWORK_ERROR_MESSAGE);
              notify.error(archiving ? CAMPAIGN_MESSAGES.archiveFailed(m) : CAMPAIGN_MESSAGES.unarchiveFailed(m));
            },
          },
        ),
    });
  };

  const confirmDelete = (c: Campaign) =>
    modals.openConfirmModal({
      title: `Delete "${c.name}"?`,
      children: <Text size="sm">{CAMPAIGN_MESSAGES.deleteConfirm}</Text>,
      labels: { confirm: "Delete permanently", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: () =>
        remove.mutate(c, {
          onSuccess: () => {
            if (expandedId === c.id) setExpandedId(null);
            notify.success(CAMPAIGN_MESSAGES.deleted(c.name));
          },
          onError: (e) => notify.error(CAMPAIGN_MESSAGES.deleteFailed(errorMessage(e, NETWORK_ERROR_MESSAGE))),
        }),
    });

  const card = (c: Campaign) => (
    <CampaignCard
      key={c.id}
      campaign={c}
      expanded={expandedId === c.id}
      onToggleDonors={() => setExpandedId((id) => (id === c.id ? null : c.id))}
      onEdit={() => setForm({ open: true, campaign: c })}
      onArchiveToggle={() => confirmArchive(c)}
      onDelete={() => confirmDelete(c)}
    />
  );

  if (isPending) return <CampaignManagementSkeleton />;

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <div>
            <Title order={1}>{data?.ownOnly ? "Your Campaigns" : "Campaign Management"}</Title>
            {organizationId ? (
              <Group gap="xs">
                <Text c="dimmed">{data?.organizationName ?? "Organization"}</Text>
                <Anchor component={Link} to={pathname} size="sm">
                  <Group gap={4} component="span">
                    <IconArrowLeft size={14} />
                    All campaigns
                  </Group>
                </Anchor>
              </Group>
            ) : (
              <Text c="dimmed">Create campaigns, follow their donors and archive the ones that are over.</Text>
            )}
          </div>
          <Group gap="xs" align="flex-end">
            {isAdmin ? (
              <OrganizationPicker
                organizations={organizations.data}
                loading={organizations.isPending}
                value={organizationId}
                onChange={(id) => setParams({ organizationId: id ?? undefined, page: undefined, new: undefined })}
              />
            ) : null}
            <Button
              variant="default"
              leftSection={showArchived ? <IconEyeOff size={16} /> : <IconEye size={16} />}
              onClick={() => setParams({ archived: showArchived ? undefined : "1" })}
            >
              {showArchived ? "Hide Archived" : "Show Archived"}
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ open: true, campaign: null })}>
              New Campaign
            </Button>
          </Group>
        </Group>

        {isError ? (
          <Alert color="red" role="alert">
            {errorMessage(error, "Failed to load campaigns.")}
          </Alert>
        ) : null}

        {!isError && data?.activeTotal === 0 ? (
          <Paper withBorder radius="md" p="xl" ta="center">
            <Stack align="center" gap="sm">
              <ThemeIcon size={48} radius="xl" variant="light">
                <IconSpeakerphone size={26} />
              </ThemeIcon>
              <Text>{CAMPAIGN_MESSAGES.empty}</Text>
              <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ open: true, campaign: null })}>
                Create your first campaign
              </Button>
            </Stack>
          </Paper>
        ) : (
          <Stack gap="md" aria-label="Active campaigns">
            {active.map(card)}
          </Stack>
        )}

        {showArchived && archived.length > 0 ? (
          <Stack gap="md" aria-label="Archived campaigns">
            <Title order={2} size="h3">
              Archived Campaigns
            </Title>
            {archived.map(card)}
          </Stack>
        ) : null}

        {data ? (
          <ListPager
            page={page}
            pageSize={data.pageSize}
            total={data.total}
            noun="campaign"
            onPage={setPage}
            label="Campaign pages"
            testId="campaign-range"
          />
        ) : null}
      </Stack>

      <CampaignFormModal
        opened={form.open}
        campaign={form.campaign}
        onClose={(created) => {
          setForm((f) => ({ ...f, open: false }));
          // A new campaign is the newest, so page 1 shows it (a step Back returns through); closing the form
          // that ?new=1 opened only tidies the address. One change of the address, not two in a row.
          if (created) setParams({ new: undefined, page: undefined });
          else if (params.has("new")) setParams({ new: undefined }, true);
        }}
        organizationId={organizationId ?? me.organization?.id ?? null}
        canPickOrganization={isAdmin}
      />
    </Container>
  );
}
