import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { importBatchSchema, importListSchema, type ImportBatch } from "@cultivate/shared";
import { apiFetch } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { queryString } from "./query-string";

const ACTIVE: ImportBatch["status"][] = ["queued", "running", "undoing"];
export const isImportActive = (batch: ImportBatch | undefined) => !!batch && ACTIVE.includes(batch.status);

/** Sends the file itself as the body (text/csv); the server answers 202 with a queued job. */
export async function startImport(file: File, targetOrganizationId?: string | null): Promise<ImportBatch> {
  const url = `/api/donors/imports${queryString({ targetOrganizationId, fileName: file.name.slice(0, 255) })}`;
  // A refusal carries the body's error text, else "HTTP error! status: {code}" (docs/RULES.md, Import).
  return importBatchSchema.parse(
    await apiFetch(url, { method: "POST", body: file, headers: { "Content-Type": "text/csv" } }),
  );
}

export async function getImport(id: string): Promise<ImportBatch> {
  return importBatchSchema.parse(await apiFetch(`/api/donors/imports/${encodeURIComponent(id)}`));
}

/** Polls once a second while the job is queued, running or undoing. */
export function useImportBatch(id: string | null) {
  return useQuery({
    queryKey: queryKeys.donors.importBatch(id ?? ""),
    queryFn: () => getImport(id!),
    enabled: !!id,
    retry: 2,
    refetchInterval: (query) => (isImportActive(query.state.data) ? 1000 : false),
  });
}

/** The import history (newest first, a page at a time); refreshed every 2 s while one of its imports is running. */
export function useImportHistory(organizationId: string | undefined, page: number) {
  return useQuery({
    queryKey: queryKeys.donors.importHistory(organizationId, page),
    queryFn: async () =>
      importListSchema.parse(await apiFetch(`/api/donors/imports${queryString({ organizationId, page })}`)),
    refetchInterval: (query) => (query.state.data?.imports.some(isImportActive) ? 2000 : false),
  });
}

export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, targetOrganizationId }: { file: File; targetOrganizationId?: string | null }) =>
      startImport(file, targetOrganizationId),
    onSuccess: (batch) => {
      queryClient.setQueryData(queryKeys.donors.importBatch(batch.id), batch);
      void queryClient.invalidateQueries({ queryKey: ["donors", "imports", "history"] });
    },
  });
}

export function useUndoImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      importBatchSchema.parse(await apiFetch(`/api/donors/imports/${encodeURIComponent(id)}/undo`, { method: "POST" })),
    onSuccess: (batch) => {
      queryClient.setQueryData(queryKeys.donors.importBatch(batch.id), batch);
      void queryClient.invalidateQueries({ queryKey: queryKeys.donors.imports });
    },
  });
}
