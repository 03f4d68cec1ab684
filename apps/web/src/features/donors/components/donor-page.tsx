import type { ReactNode } from "react";
import { useParams } from "react-router";
import { Alert, Container } from "@mantine/core";
import { DONOR_MESSAGES } from "@cultivate/shared";
import { PageLoader } from "@/components/ui/page-loader";
import { useMe } from "@/features/auth/api/get-me";
import { RequirePermission } from "@/features/auth/components/require-permission";
import { errorMessage } from "@/lib/api-client";
import { usePageTitle } from "@/lib/page-title";
import { can } from "@/lib/permissions";
import { DonorNotFound } from "./donor-not-found";

type DonorQuery<T> = { data: T | null | undefined; isPending: boolean; isError: boolean; error: unknown };

/**
 * The frame of every /donor/{id}… page: donor roles only (Access Denied otherwise), then the
 * page's query — loading, a load error, or "Donor Not Found" — before the page itself renders.
 * The document title is the page's `title`, preceded by the donor's name once it is known.
 */
export function DonorPage<T>({
  useQuery,
  title,
  nameOf,
  children,
}: {
  useQuery: (id: string) => DonorQuery<T>;
  title: string;
  nameOf: (data: T) => string;
  children: (data: T) => ReactNode;
}) {
  // One component names the page at a time: this one when the donor cannot be read at all.
  usePageTitle(can(useMe().data, "viewDonors") ? null : title);
  return (
    <RequirePermission
      permission="viewDonors"
      deniedTitle={DONOR_MESSAGES.accessDeniedTitle}
      deniedMessage={DONOR_MESSAGES.accessDenied}
    >
      <DonorQueryState useQuery={useQuery} title={title} nameOf={nameOf}>
        {children}
      </DonorQueryState>
    </RequirePermission>
  );
}

function DonorQueryState<T>({
  useQuery,
  title,
  nameOf,
  children,
}: {
  useQuery: (id: string) => DonorQuery<T>;
  title: string;
  nameOf: (data: T) => string;
  children: (data: T) => ReactNode;
}) {
  const { id = "" } = useParams();
  const { data, isPending, isError, error } = useQuery(id);
  const titleParts: [string, string?] = data
    ? [nameOf(data) || "Donor", title]
    : isPending || isError
      ? [title]
      : [DONOR_MESSAGES.donorNotFoundTitle];
  usePageTitle(...titleParts);
  if (isPending) return <PageLoader label="Loading donor" />;
  if (isError) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red" role="alert">
          {errorMessage(error, "Failed to load the donor.")}
        </Alert>
      </Container>
    );
  }
  if (!data) return <DonorNotFound />;
  return <>{children(data)}</>;
}
