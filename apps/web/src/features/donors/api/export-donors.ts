import { useMutation } from "@tanstack/react-query";
import { donorExportFileName, type DonorSortKey } from "@cultivate/shared";
import { apiFetch } from "@/lib/api-client";
import { queryString } from "./query-string";

export interface DonorExportParams {
  filters: string;
  sort: DonorSortKey;
  dir: "asc" | "desc";
  staticGroup?: string;
  organizationId?: string;
}

const fileNameOf = (disposition: string | null) => /filename="?([^";]+)"?/i.exec(disposition ?? "")?.[1];

/**
 * Downloads the server's CSV of every donor matching the filters (not only the visible page).
 * Fetched rather than navigated to, so a refusal shows as a toast instead of a JSON page.
 */
export async function exportDonors(params: DonorExportParams): Promise<string> {
  const { blob, headers } = await apiFetch(`/api/donors/export${queryString({ ...params })}`, {
    as: "blob",
    headers: { Accept: "text/csv" },
  });
  const name = fileNameOf(headers.get("content-disposition")) ?? donorExportFileName();
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

export const useExportDonors = () => useMutation({ mutationFn: exportDonors });
