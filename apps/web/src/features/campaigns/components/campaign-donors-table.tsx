import { useEffect, useState } from "react";
import { Alert, Box, Button, Skeleton, Stack, Table, Text } from "@mantine/core";
import { IconExternalLink } from "@tabler/icons-react";
import { EMPTY_VALUE, formatMoney, formatNumber } from "@cultivate/shared";
import { ListPager } from "@/components/ui/list-pager";
import { errorMessage } from "@/lib/api-client";
import { usePhone } from "@/lib/phone";
import { useCampaignDonors } from "../api/campaigns";

function ViewDetails({ id }: { id: string }) {
  return (
    <Button
      component="a"
      href={`/donor/${encodeURIComponent(id)}/dashboard`}
      target="_blank"
      rel="noopener noreferrer"
      size="xs"
      variant="light"
      rightSection={<IconExternalLink size={14} />}
    >
      View Details
    </Button>
  );
}

/**
 * The donors of one campaign (those with a campaign goal) (docs/RULES.md, Campaigns), 50 a page by name
 * (ADR 078: a campaign of 11,000 donors drew 11,000 rows here). On a phone each donor is a block, not a
 * row of a table that would scroll sideways (ADR 074).
 */
export function CampaignDonorsTable({ campaignId }: { campaignId: string }) {
  const phone = usePhone();
  const [page, setPage] = useState(1);
  const { data, isPending, isError, error } = useCampaignDonors(campaignId, page);
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  // Donors left the campaign meanwhile: back to its last page.
  useEffect(() => {
    if (page > pages) setPage(pages);
  }, [page, pages]);
  const tableId = `campaign-donors-${campaignId}`;
  if (isPending) return <Skeleton height={80} />;
  if (isError) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(error, "Failed to load the campaign's donors.")}
      </Alert>
    );
  }
  if (data.total === 0) return <Text c="dimmed">No donors in this campaign yet.</Text>;
  return (
    <>
      {phone ? (
        <Stack gap="sm" role="list" aria-label="Campaign donors" id={tableId}>
          {data.donors.map((d) => (
            <Box key={d.id} role="listitem" pb="sm" style={{ borderBottom: "1px solid var(--mantine-color-gray-3)" }}>
              <Text fw={600}>{[d.firstName, d.lastName].filter(Boolean).join(" ") || EMPTY_VALUE}</Text>
              <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                {d.email || EMPTY_VALUE}
              </Text>
              <Text size="sm">DS Rating: {d.dsRating || EMPTY_VALUE}</Text>
              <Text size="sm">Estimated Capacity: {formatMoney(d.estimatedCapacity)}</Text>
              <Text size="sm">Total Gift Amount: {formatMoney(d.totalGiftAmount)}</Text>
              <Text size="sm" mb={4}>
                # of Gifts: {formatNumber(d.numberOfGifts)}
              </Text>
              <ViewDetails id={d.id} />
            </Box>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={760} id={tableId}>
          <Table striped highlightOnHover aria-label="Campaign donors">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>First Name</Table.Th>
                <Table.Th>Last Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>DS Rating</Table.Th>
                <Table.Th>Estimated Capacity</Table.Th>
                <Table.Th>Total Gift Amount</Table.Th>
                <Table.Th># of Gifts</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.donors.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td>{d.firstName || EMPTY_VALUE}</Table.Td>
                  <Table.Td>{d.lastName || EMPTY_VALUE}</Table.Td>
                  <Table.Td>{d.email || EMPTY_VALUE}</Table.Td>
                  <Table.Td>{d.dsRating || EMPTY_VALUE}</Table.Td>
                  <Table.Td>{formatMoney(d.estimatedCapacity)}</Table.Td>
                  <Table.Td>{formatMoney(d.totalGiftAmount)}</Table.Td>
                  <Table.Td>{formatNumber(d.numberOfGifts)}</Table.Td>
                  <Table.Td>
                    <ViewDetails id={d.id} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ListPager
        page={page}
        pageSize={data.pageSize}
        total={data.total}
        noun="donor"
        onPage={setPage}
        label="Campaign donor pages"
        scrollTo={tableId}
      />
    </>
  );
}
