import type { ReactNode } from "react";
import { useParams } from "react-router";
import { Alert, Container } from "@mantine/core";
import { DONOR_MESSAGES } from "@cultivate/shared";
import { PageLoader } from "@/components/ui/page-loader";
import { RequirePermission } from "@/features/auth/components/require-permission";
import { errorMessage } from "@/lib/api-client";
import { DonorNotFound } from "./donor-not-found";

type DonorQuery<T> = { data: T | null | undefined; isPending: boolean; isError: boolean; error: unknown };

/**
 * The frame of every /donor/{id}… page: donor roles only (Access Denied otherwise), then the
 * page's query — loading, a load error, or "Donor Not Found" — before the page itself renders.
 */
export function DonorPage<T>({
  useQuery,
  children,
}: {
  useQuery: (id: string) => DonorQuery<T>;
  children: (data: T) => ReactNode;
}) {
  return (
    <RequirePermission
      permission="viewDonors"
      deniedTitle={DONOR_MESSAGES.accessDeniedTitle}
      deniedMessage={DONOR_MESSAGES.accessDenied}
    >
      <DonorQueryState useQuery={useQuery}>{children}</DonorQueryState>
    </RequirePermission>
  );
}

function DonorQueryState<T>({
  useQuery,
  children,
}: {
  useQuery: (id: string) => DonorQuery<T>;
  children: (data: T) => ReactNode;
}) {
  const { id = "" } = useParams();
  const { data, isPending, isError, error } = useQuery(id);
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
