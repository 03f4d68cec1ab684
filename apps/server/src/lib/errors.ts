import { APPROVAL_REQUIRED_ERROR, APPROVAL_REQUIRED_MESSAGE } from "@cultivate/shared";

/** An error that maps to an HTTP status and a `{ error, message }` body. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export const unauthorized = (message = "You must be signed in to do that.") =>
  new HttpError(401, "unauthorized", message);
export const forbidden = (message = "You don't have permission to do that.") =>
  new HttpError(403, "forbidden", message);
/** 403 for an account that is not approved yet (issue 11): one code and one sentence everywhere. */
export const approvalRequired = () => new HttpError(403, APPROVAL_REQUIRED_ERROR, APPROVAL_REQUIRED_MESSAGE);
export const notFound = (message = "Not found.") => new HttpError(404, "not_found", message);
export const conflict = (message: string) => new HttpError(409, "conflict", message);
export const badRequest = (message: string) => new HttpError(400, "bad_request", message);
export const tooManyRequests = (message: string) => new HttpError(429, "too_many_requests", message);
