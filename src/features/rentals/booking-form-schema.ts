import * as v from "valibot";
import { personFormEntries } from "~/lib/visitor-form-schema";
import { rentalMessages } from "./rental-rules";

/**
 * The browser's check of the renter's part of a booking (the server's is rental-schema.server.ts):
 * named and reached by the rules every visitor form shares, and 18 or older. It saves a round trip; the
 * server checks everything again.
 */
const renterSchema = v.object({
  ...personFormEntries,
  ageConfirmed: v.literal(true, rentalMessages.ageConfirmed),
});

export type RenterProblems = Partial<Record<"firstName" | "lastName" | "email" | "phone" | "ageConfirmed", string>>;

/** The first problem of each field of the booking form, none when the renter's details will do. */
export function renterProblems(form: FormData): RenterProblems {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const result = v.safeParse(renterSchema, {
    firstName: text("firstName"),
    lastName: text("lastName"),
    email: text("email"),
    phone: text("phone"),
    ageConfirmed: form.get("ageConfirmed") !== null ? true : undefined,
  });
  if (result.success) return {};
  const problems: Record<string, string> = {};
  for (const issue of result.issues) problems[String(issue.path?.[0]?.key ?? "ageConfirmed")] ??= issue.message;
  return problems;
}
