import { data } from "react-router";
import { DomainError } from "#core/errors.ts";

/**
 * What a loader reads, with core's "not found" turned into a 404 answer, which the route's error
 * boundary shows as its not-found message (RouteErrorBoundary); any other failure passes through.
 */
export async function notFoundAs404<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof DomainError && error.kind === "not_found") {
      throw data({ message: error.message }, { status: 404 });
    }
    throw error;
  }
}
