import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { outboxEmailSchema, outboxListSchema, type OutboxEmail, type OutboxList } from "@cultivate/shared";
import { apiFetch } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** What the Email Outbox shows: the search (recipient or subject) and the page. */
export type OutboxParams = { q: string; page: number };

export const useOutbox = (p: OutboxParams) =>
  useQuery({
    queryKey: queryKeys.outbox.list(p),
    queryFn: async (): Promise<OutboxList> => {
      const qs = new URLSearchParams();
      if (p.q) qs.set("q", p.q);
      if (p.page > 1) qs.set("page", String(p.page));
      const query = qs.toString();
      return outboxListSchema.parse(await apiFetch(`/api/admin/outbox${query ? `?${query}` : ""}`));
    },
    placeholderData: keepPreviousData,
  });

/** One message with its text, while its dialog is open. */
export const useOutboxEmail = (id: string | null) =>
  useQuery({
    queryKey: queryKeys.outbox.email(id ?? ""),
    queryFn: async (): Promise<OutboxEmail> =>
      outboxEmailSchema.parse(await apiFetch(`/api/admin/outbox/${encodeURIComponent(id!)}`)),
    enabled: id !== null,
  });
