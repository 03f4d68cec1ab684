import { useMutation } from "@tanstack/react-query";
import { donorExportFileName, type DonorSortKey } from "@cultivate/shared";
import { ApiClientError } from "@/lib/api-client";
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
  const response = await fetch(`/api/donors/export${queryString({ ...params })}`, {
    credentials: "same-origin",
    headers: { Accept: "text/csv" },
  });
  if (!response.ok) {
    let message = `HTTP error! status: ${response.status}`;
    try {
      const body = (await response.json()) as { message?: unknown };
      if (typeof body.message === "string" && body.message) message = body.message;
    } catch {
      // not JSON: keep the status message
    }
    throw new ApiClientError(response.status, message, undefined, null);
  }
  const blob = await response.blob();
  const name = fileNameOf(response.headers.get("content-disposition")) ?? donorExportFileName();
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
