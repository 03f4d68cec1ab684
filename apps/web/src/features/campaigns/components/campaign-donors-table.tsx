import { Alert, Button, Skeleton, Table, Text } from "@mantine/core";
import { IconExternalLink } from "@tabler/icons-react";
import { EMPTY_VALUE, formatMoney, formatNumber } from "@cultivate/shared";
import { errorMessage } from "@/lib/api-client";
import { useCampaignDonors } from "../api/campaigns";

/** The donors of one campaign (those with a campaign goal) (docs/RULES.md, Campaigns). */
export function CampaignDonorsTable({ campaignId }: { campaignId: string }) {
  const { data, isPending, isError, error } = useCampaignDonors(campaignId);
  if (isPending) return <Skeleton height={80} />;
  if (isError) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(error, "Failed to load the campaign's donors.")}
      </Alert>
    );
  }
  if (data.length === 0) return <Text c="dimmed">No donors in this campaign yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={760}>
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
          {data.map((d) => (
            <Table.Tr key={d.id}>
              <Table.Td>{d.firstName || EMPTY_VALUE}</Table.Td>
              <Table.Td>{d.lastName || EMPTY_VALUE}</Table.Td>
              <Table.Td>{d.email || EMPTY_VALUE}</Table.Td>
              <Table.Td>{d.dsRating || EMPTY_VALUE}</Table.Td>
              <Table.Td>{formatMoney(d.estimatedCapacity)}</Table.Td>
              <Table.Td>{formatMoney(d.totalGiftAmount)}</Table.Td>
              <Table.Td>{formatNumber(d.numberOfGifts)}</Table.Td>
              <Table.Td>
                <Button
                  component="a"
                  href={`/donor/${encodeURIComponent(d.id)}/dashboard`}
                  target="_blank"
                  rel="noopener noreferrer"
                  size="xs"
                  variant="light"
                  rightSection={<IconExternalLink size={14} />}
                >
                  View Details
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
