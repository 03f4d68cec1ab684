import { useState, type ReactNode } from "react";
import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { APPROVAL_REQUIRED_ERROR, TOAST_AUTO_CLOSE_MS } from "@cultivate/shared";
import { ApiClientError } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { cssVariablesResolver, theme } from "@/lib/theme";

const createQueryClient = () => {
  // Issue 11: a 403 approval_required means the account is not (or no longer) approved: reload who
  // the user is, so the organisation page gives way to the approval wait instead of an error.
  const onError = (error: unknown) => {
    if (error instanceof ApiClientError && error.code === APPROVAL_REQUIRED_ERROR) {
      void client.invalidateQueries({ queryKey: queryKeys.me });
    }
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        retry: (failureCount, error) =>
          !(error instanceof ApiClientError && error.code === APPROVAL_REQUIRED_ERROR) && failureCount < 1,
        staleTime: 10_000,
      },
    },
  });
  return client;
};

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <Notifications position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
