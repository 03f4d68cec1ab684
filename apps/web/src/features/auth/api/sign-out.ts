import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { apiFetch } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** Lets guards tell "just signed out, heading home" apart from "not signed in, go to /login". */
export const SIGN_OUT_MUTATION_KEY = ["sign-out"] as const;

export async function signOut(): Promise<void> {
  try {
    await apiFetch("/api/auth/sign-out", { method: "POST" });
  } catch (error) {
    // The spec treats sign-out failures (e.g. an already-missing session) as success.
    console.warn("Sign-out request failed; clearing the local session anyway.", error);
  }
}

export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationKey: SIGN_OUT_MUTATION_KEY,
    mutationFn: signOut,
    // Runs while the mutation still counts as pending, which RequireAuth watches (see there).
    onSettled: async () => {
      queryClient.setQueryData(queryKeys.me, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.me[0] });
      await navigate("/");
    },
  });
}
