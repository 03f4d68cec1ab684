import { useRef, type ReactNode } from "react";
import { Navigate } from "react-router";
import { useIsMutating } from "@tanstack/react-query";
import { Button, Container, Stack } from "@mantine/core";
import { UNEXPECTED_ERROR_MESSAGE, type Me } from "@cultivate/shared";
import { FormError } from "@/components/ui/form-error";
import { PageLoader } from "@/components/ui/page-loader";
import { useMe } from "../api/get-me";
import { SIGN_OUT_MUTATION_KEY } from "../api/sign-out";

interface RequireAuthProps {
  children: ReactNode | ((me: Me) => ReactNode);
}

/** Renders its children for a signed-in user; sends everyone else to /login. */
export function RequireAuth({ children }: RequireAuthProps) {
  const { data: me, isPending, isFetching, isError, refetch } = useMe();
  // Signing out clears the session and then navigates home; a page already on screen must not
  // race that with its own redirect to /login, even after the mutation has settled.
  const signingOut = useIsMutating({ mutationKey: SIGN_OUT_MUTATION_KEY }) > 0;
  const signedOutHere = useRef(false);
  if (signingOut) signedOutHere.current = true;

  // A cached "signed out" that is being refetched (e.g. right after sign-in) is not an answer yet.
  if (isPending || (me === null && isFetching)) return <PageLoader />;
  if (isError) {
    return (
      <Container size="sm" py="xl">
        <Stack>
          <FormError message={UNEXPECTED_ERROR_MESSAGE} />
          <Button variant="light" onClick={() => void refetch()}>
            Try again
          </Button>
        </Stack>
      </Container>
    );
  }
  if (!me) return signedOutHere.current ? <PageLoader /> : <Navigate to="/login" replace />;
  return <>{typeof children === "function" ? children(me) : children}</>;
}
