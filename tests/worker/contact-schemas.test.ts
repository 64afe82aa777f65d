import { env } from "cloudflare:test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkContactForm } from "~/features/contact/contact-form-schema";
import { interests } from "~/config/enquiry-interests";
import { fieldLimits as contactLimits } from "~/lib/visitor-fields";
import { contactSchema } from "~/features/contact/contact-schema.server";
import { fieldErrorsFromZod } from "~/server/visitor-schema.server";
import { api } from "../../worker/api";
import { contactRequest, validMessage } from "./contact-support";
import { propertyRuns } from "./property-runs";

type Verdict = { ok: true } | { ok: false; fields: Record<string, string> };

function serverVerdict(input: unknown): Verdict {
  const result = contactSchema.safeParse(input);
  return result.success
    ? { ok: true }
    : { ok: false, fields: fieldErrorsFromZod(result.error) as Record<string, string> };
}

const cases: [string, Record<string, unknown>][] = [
  ["valid", validMessage],
  ["valid without interest (defaults to sales)", { ...validMessage, interest: undefined }],
  ["valid with a vehicle", { ...validMessage, vehicleId: "denago-ev-city" }],
  ["valid with an empty vehicle", { ...validMessage, vehicleId: "" }],
  ["valid at the minimum message length", { ...validMessage, message: "0123456789" }],
  ["valid phone of exactly 10 characters", { ...validMessage, phone: "5705550199" }],
  ["first name missing", { ...validMessage, firstName: "" }],
  ["first name only spaces", { ...validMessage, firstName: "   " }],
  ["first name not a string", { ...validMessage, firstName: 42 }],
  ["last name missing", { ...validMessage, lastName: undefined }],
  ["last name with a line break", { ...validMessage, lastName: "Smith\nBcc: x@y.z" }],
  ["last name carrying an address", { ...validMessage, lastName: "Lovelace <boss@example.com>" }],
  ["first name that is an address", { ...validMessage, firstName: "boss@example.com" }],
  ["first name with angle brackets", { ...validMessage, firstName: "<Ada>" }],
  [
    "valid name with an apostrophe, hyphen and accents",
    { ...validMessage, firstName: "Zoë-Anne", lastName: "O'Brien" },
  ],
  ["name too long", { ...validMessage, firstName: "a".repeat(contactLimits.nameMax + 1) }],
  ["name of exactly the longest", { ...validMessage, firstName: "a".repeat(contactLimits.nameMax) }],
  ["names in other scripts", { ...validMessage, firstName: "Nguyễn Thị", lastName: "王小明" }],
  ["names with periods and a typographic apostrophe", { ...validMessage, firstName: "J. R.", lastName: "D’Angelo" }],
  ["a name that is a message", { ...validMessage, firstName: "ACCOUNT LOCKED: call 1-888-555-0100" }],
  ["a name with a digit", { ...validMessage, lastName: "Lovelace2" }],
  ["a name with a slash", { ...validMessage, lastName: "evil.example/login" }],
  ["email without @", { ...validMessage, email: "ada.example.org" }],
  ["email without domain dot", { ...validMessage, email: "ada@example" }],
  ["email with angle brackets", { ...validMessage, email: "<ada@example.org>" }],
  ["phone of 9 characters", { ...validMessage, phone: "570555019" }],
  ["phone of 7 digits padded to 10 characters", { ...validMessage, phone: "555 - 0199" }],
  ["phone with letters", { ...validMessage, phone: "call me at noon" }],
  ["phone of 11 digits not starting with 1", { ...validMessage, phone: "25705550199" }],
  ["phone with an extension word but no digits", { ...validMessage, phone: "570-555-0199 ext" }],
  ["valid phone with the country code", { ...validMessage, phone: "+1 (570) 555-0199" }],
  ["valid phone with an extension", { ...validMessage, phone: "570.555.0199 ext. 9" }],
  ["valid phone with x and # extensions", { ...validMessage, phone: "570-555-0199 x12", lastName: "O'Brien" }],
  ["valid phone with a # extension", { ...validMessage, phone: "1-570-555-0199 #9" }],
  ["phone with a line break", { ...validMessage, phone: "5705550199\r\n" + "1".repeat(3) }],
  ["unknown interest", { ...validMessage, interest: "pizza" }],
  ["message of 9 characters", { ...validMessage, message: "123456789" }],
  ["message padded with spaces to 10", { ...validMessage, message: "   12345   " }],
  ["message too long", { ...validMessage, message: "x".repeat(contactLimits.messageMax + 1) }],
  ["vehicle id with capitals", { ...validMessage, vehicleId: "Denago-EV" }],
  ["everything missing", {}],
];

describe("browser and server rules agree", () => {
  it.each(cases)("%s", (_name, input) => {
    const server = serverVerdict(input);
    const browser = checkContactForm(input) as Verdict;
    expect(browser).toEqual(server);
  });
});

// Generators written for our schema: values a visitor could type, and values no form would send.
// A name is letters of any script, spaces, hyphens, apostrophes and periods.
const nameCharacter = fc.constantFrom(..."aZéßÆЖжΩαאبक्षあ漢한ğ '’.-".split(""));
const name = fc
  .array(nameCharacter, { minLength: 1, maxLength: 30 })
  .map((characters) => characters.join(""))
  .filter((text) => text.trim() === text && text.length > 0);
const validBody = fc.record({
  firstName: name,
  lastName: name,
  email: fc
    .tuple(
      fc.stringMatching(/^[a-z0-9._%+-]{1,20}$/),
      fc.stringMatching(/^[a-z0-9-]{1,20}$/),
      fc.constantFrom("com", "org", "net", "us"),
    )
    .map(([user, host, tld]) => `${user}@${host}.${tld}`),
  phone: fc
    .tuple(
      fc.constantFrom("", "1 ", "+1 ", "1-"),
      fc.stringMatching(/^[0-9]{3}$/),
      fc.stringMatching(/^[0-9]{3}$/),
      fc.stringMatching(/^[0-9]{4}$/),
      fc.constantFrom(["", "-", "-"], ["(", ") ", "-"], ["", ".", "."], ["", " ", " "], ["", "", ""]),
      fc.constantFrom("", " ext 9", " x12", " #301"),
    )
    .map(
      ([country, area, exchange, line, [open, middle, last], extension]) =>
        `${country}${open}${area}${middle}${exchange}${last}${line}${extension}`,
    ),
  interest: fc.constantFrom(...interests),
  message: fc
    .string({ minLength: 10, maxLength: 300, unit: "grapheme" })
    .filter((text) => text.trim() === text && text.length >= 10),
});

const hostileValue = fc.oneof(
  fc.constant(null),
  fc.integer(),
  fc.boolean(),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.object({ maxDepth: 1 }),
  fc.string({ maxLength: 9 }),
  fc.string().map((text) => `${text}\r\nBcc: victim@example.com`),
);
const hostileBody = fc.oneof(
  // A valid body with one field broken.
  fc
    .tuple(validBody, fc.constantFrom("firstName", "lastName", "email", "phone", "interest", "message"), hostileValue)
    .map(([body, field, value]) => JSON.stringify({ ...body, [field]: value })),
  // Not an object at all, or not JSON.
  fc.oneof(
    fc.string(),
    fc.integer().map(String),
    fc.array(fc.anything({ maxDepth: 1 })).map((value) => JSON.stringify(value)),
    fc.constant("null"),
  ),
);

async function counts() {
  const row = await env.DB.prepare("SELECT COUNT(*) AS count FROM contact_messages").first<{ count: number }>();
  return row?.count ?? 0;
}

describe("generated bodies against POST /api/contact", () => {
  it("refuses every hostile body with a 4xx and an error, storing and queueing nothing", async () => {
    const before = await counts();
    let sent = 0;
    const queueSpy = { ...env, CONTACT_QUEUE: { send: async () => void (sent += 1) } } as unknown as Env;
    await fc.assert(
      fc.asyncProperty(hostileBody, async (body) => {
        const validity = (() => {
          try {
            return serverVerdict(JSON.parse(body)).ok;
          } catch {
            return false;
          }
        })();
        fc.pre(!validity);
        const response = await api.fetch(contactRequest(body), queueSpy);
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect(response.status).toBeLessThan(500);
        expect(((await response.json()) as { error?: string }).error).toBeTruthy();
      }),
      { numRuns: propertyRuns(500) },
    );
    expect(await counts()).toBe(before);
    expect(sent).toBe(0);
  });

  it("accepts every valid body and stores it unchanged", async () => {
    await fc.assert(
      fc.asyncProperty(validBody, async (body) => {
        const response = await api.fetch(contactRequest(body), env);
        expect(response.status).toBe(202);
        const { id } = (await response.json()) as { id: string };
        const row = await env.DB.prepare(
          "SELECT first_name, last_name, email, phone, interest, message FROM contact_messages WHERE id = ?",
        )
          .bind(id)
          .first();
        expect(row).toEqual({
          first_name: body.firstName,
          last_name: body.lastName,
          email: body.email,
          phone: body.phone,
          interest: body.interest,
          message: body.message,
        });
      }),
      { numRuns: propertyRuns(100) },
    );
  });
});
