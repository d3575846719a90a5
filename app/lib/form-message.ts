/**
 * One message per problem (docs/storefront/README.md#forms): a failure about a field the form
 * shows is said under that field, so the box above the form keeps only what no shown field says
 * (a wrong password for the pair, a service that failed, a problem with a hidden field).
 */
export function boxMessage(
  failure: { message?: string; fields?: Record<string, string> } | undefined,
  shownFields: readonly string[],
): string | undefined {
  const message = failure?.message;
  if (!message) return undefined;
  const saidUnderAField = shownFields.some((name) => failure.fields?.[name] === message);
  return saidUnderAField ? undefined : message;
}
