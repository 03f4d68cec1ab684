import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { importBatchSchema, type ImportBatch } from "@cultivate/shared";
import { ApiClientError, apiFetch } from "@/lib/api-client";
import { donorKeys } from "./list-donors";
import { queryString } from "./query-string";

const ACTIVE: ImportBatch["status"][] = ["queued", "running", "undoing"];
export const isImportActive = (batch: ImportBatch | undefined) => !!batch && ACTIVE.includes(batch.status);

/** Sends the file itself as the body (text/csv); the server answers 202 with a queued job. */
export async function startImport(file: File, targetOrganizationId?: string | null): Promise<ImportBatch> {
  const url = `/api/donors/imports${queryString({ targetOrganizationId, fileName: file.name.slice(0, 255) })}`;
  const response = await fetch(url, {
    method: "POST",
    body: file,
    credentials: "same-origin",
    headers: { "Content-Type": "text/csv", Accept: "application/json" },
  });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  if (!response.ok) {
    // docs/RULES.md, Import: the body's error text, else "HTTP error! status: {code}".
    const b = body as { message?: unknown; error?: unknown } | null;
    const message =
      b && typeof b.message === "string" && b.message
        ? b.message
        : b && typeof b.error === "string" && b.error
          ? b.error
          : `HTTP error! status: ${response.status}`;
    throw new ApiClientError(response.status, message, undefined, body);
  }
  return importBatchSchema.parse(body);
}

export async function getImport(id: string): Promise<ImportBatch> {
  return importBatchSchema.parse(await apiFetch<unknown>(`/api/donors/imports/${encodeURIComponent(id)}`));
}

/** Polls once a second while the job is queued, running or undoing. */
export function useImportBatch(id: string | null) {
  return useQuery({
    queryKey: donorKeys.importBatch(id ?? ""),
    queryFn: () => getImport(id!),
    enabled: !!id,
    retry: 2,
    refetchInterval: (query) => (isImportActive(query.state.data) ? 1000 : false),
  });
}

export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, targetOrganizationId }: { file: File; targetOrganizationId?: string | null }) =>
      startImport(file, targetOrganizationId),
    onSuccess: (batch) => queryClient.setQueryData(donorKeys.importBatch(batch.id), batch),
  });
}

export function useUndoImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      importBatchSchema.parse(await apiFetch<unknown>(`/api/donors/imports/${encodeURIComponent(id)}/undo`, { method: "POST" })),
    onSuccess: (batch) => {
      queryClient.setQueryData(donorKeys.importBatch(batch.id), batch);
    },
  });
}
