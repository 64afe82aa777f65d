import fc from "fast-check";
import { requestLimits } from "../../src/config/request-limits";

/**
 * Generated POST bodies that no endpoint may accept: broken or oddly encoded JSON and forms, wrong
 * and missing content types, wrong value types, missing and overlong fields, deep nesting, broken
 * multipart, and bodies past each endpoint's size limit. Every message-shaped body carries the
 * run's marker in each text field it keeps, so a stored one would be found by the marker.
 *
 * Large bodies (1 MB to 5 MB) are described, not built, until they are sent.
 */

export interface HostileBody {
  label: string;
  contentType?: string;
  body: Buffer;
}

export interface LargeBody {
  label: string;
  contentType?: string;
  size: number;
  build: () => Buffer;
}

const megabyte = 1024 * 1024;

export function validMessage(marker: string): Record<string, string> {
  return {
    firstName: `Ada ${marker}`,
    lastName: `Lovelace ${marker}`,
    email: `h-${marker}@example.org`,
    phone: "570-555-0199",
    interest: "service",
    message: `Hostile suite ${marker}: my cart needs a new battery.`,
  };
}

const required = ["firstName", "lastName", "email", "phone", "message"] as const;

/** A replacement that no rule accepts, for each required field. */
const badText: Record<(typeof required)[number], fc.Arbitrary<string>> = {
  firstName: fc.oneof(
    fc.constantFrom("", "   ", "Ada\r\nBcc: x@example.com"),
    fc.integer({ min: 81, max: 400 }).map((length) => "f".repeat(length)),
  ),
  lastName: fc.oneof(fc.constantFrom("", "\t", "Smith\nBcc: x@example.com"), fc.constant("z".repeat(81))),
  email: fc.oneof(
    fc.constantFrom("", "not-an-address", "a@b", "<a@example.org>", "a@example.org\nBcc: b@example.org"),
    fc.string({ maxLength: 40 }).map((s) => s.replaceAll("@", "")),
  ),
  phone: fc.oneof(fc.constantFrom("", "12345", "570\n5550199"), fc.constant("5".repeat(33))),
  message: fc.oneof(fc.constantFrom("", "short", "         x"), fc.constant("m".repeat(5001))),
};

/** Any JSON value that is not a string, for a field the schema wants as text. */
const notText = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
);

/** Extra fields, never named like a real one, that must be ignored. */
const extras = fc.dictionary(
  fc.string({ unit: "binary", maxLength: 12 }).map((key) => `x_${key}`),
  fc.jsonValue({ maxDepth: 3 }),
  { maxKeys: 4 },
);

type Mutation = { kind: "missing"; field: string } | { kind: "bad"; field: string; value: unknown };

const textMutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.constantFrom(...required).map((field): Mutation => ({ kind: "missing", field })),
  fc
    .constantFrom(...required)
    .chain((field) => badText[field].map((value): Mutation => ({ kind: "bad", field, value }))),
  fc
    .string({ maxLength: 12 })
    .filter((value) => !["sales", "service", "parts", "general", ""].includes(value))
    .map((value): Mutation => ({ kind: "bad", field: "interest", value })),
);

const jsonMutation: fc.Arbitrary<Mutation> = fc.oneof(
  textMutation,
  fc
    .constantFrom(...required, "interest")
    .chain((field) => notText.map((value): Mutation => ({ kind: "bad", field, value }))),
);

/** A message the schema refuses, with extra fields that cannot make up for it. */
function invalidMessage(marker: string, mutation: fc.Arbitrary<Mutation>) {
  return fc.tuple(mutation, extras).map(([change, extra]) => {
    const message: Record<string, unknown> = { ...extra, ...validMessage(marker) };
    if (change.kind === "missing") delete message[change.field];
    else message[change.field] = change.value;
    return { message, change };
  });
}

function utf8(text: string): Buffer {
  return Buffer.from(text, "utf8");
}

const wrongJsonTypes = [
  undefined,
  "text/plain",
  "text/json",
  "application/xml",
  "application/jsonx",
  "application/json-patch+json",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=----x",
  "application/octet-stream",
  "",
];

const jsonTypes = [
  "application/json",
  "application/json; charset=utf-8",
  "APPLICATION/JSON",
  "application/json; charset=utf-16",
];

/** Deep nesting, a few levels to a hundred thousand. */
const deepJson = fc
  .integer({ min: 1, max: 100_000 })
  .chain((depth) =>
    fc.constantFrom(
      "[".repeat(depth) + "]".repeat(depth),
      '{"a":'.repeat(depth) + "1" + "}".repeat(depth),
      `{"firstName":${"[".repeat(depth)}${"]".repeat(depth)}}`,
      "[".repeat(depth),
    ),
  );

function randomBytes(maxLength: number) {
  return fc.uint8Array({ minLength: 0, maxLength }).map((bytes) => Buffer.from(bytes));
}

/** Bodies for POST /api/contact, which takes JSON. */
export function hostileJsonBodies(marker: string): fc.Arbitrary<HostileBody> {
  const invalid = invalidMessage(marker, jsonMutation);
  return fc.oneof(
    invalid.chain(({ message, change }) =>
      fc.constantFrom(...jsonTypes).map((type) => ({
        label: `invalid ${change.kind} ${change.field}`,
        contentType: type,
        body: utf8(JSON.stringify(message)),
      })),
    ),
    // Odd encodings of an invalid message: UTF-16, a byte-order mark, Latin-1, stray bytes.
    fc.tuple(invalid, fc.constantFrom("utf16le", "bom", "latin1", "stray")).map(([{ message }, encoding]) => {
      const text = JSON.stringify(message);
      const body =
        encoding === "utf16le"
          ? Buffer.from(text, "utf16le")
          : encoding === "bom"
            ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8(text)])
            : encoding === "latin1"
              ? Buffer.from(text, "latin1")
              : Buffer.concat([utf8(text.slice(0, 10)), Buffer.from([0xff, 0xfe, 0xc3]), utf8(text.slice(10))]);
      return { label: `encoded ${encoding}`, contentType: "application/json", body };
    }),
    // A valid message in any other content type.
    fc.constantFrom(...wrongJsonTypes).map((type) => ({
      label: `valid message as ${type ?? "no type"}`,
      contentType: type,
      body: utf8(JSON.stringify(validMessage(marker))),
    })),
    fc
      .jsonValue({ maxDepth: 4 })
      .filter((value) => typeof value !== "object" || value === null || Array.isArray(value))
      .map((value) => ({
        label: "JSON that is not an object",
        contentType: "application/json",
        body: utf8(JSON.stringify(value) ?? "null"),
      })),
    fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 6 }).map((value) => ({
      label: "an object without the fields",
      contentType: "application/json",
      body: utf8(JSON.stringify(value)),
    })),
    deepJson.map((text) => ({
      label: `deep JSON (${text.length} bytes)`,
      contentType: "application/json",
      body: utf8(text),
    })),
    fc.integer({ min: 1, max: JSON.stringify(validMessage(marker)).length - 1 }).map((cut) => ({
      label: "truncated JSON",
      contentType: "application/json",
      body: utf8(JSON.stringify(validMessage(marker)).slice(0, cut)),
    })),
    randomBytes(2048).map((body) => ({ label: "random bytes", contentType: "application/json", body })),
    fc.integer({ min: requestLimits.contactJson + 1, max: requestLimits.anyBody }).map((size) => ({
      label: `padded to ${size} bytes`,
      contentType: "application/json",
      body: utf8(JSON.stringify({ ...validMessage(marker), message: "p".repeat(size) })),
    })),
  );
}

function urlEncoded(fields: Record<string, unknown>): Buffer {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields))
    params.append(name, typeof value === "string" ? value : JSON.stringify(value));
  return utf8(params.toString());
}

interface Part {
  name: string;
  value: string;
  filename?: string;
}

function multipart(parts: Part[], boundary: string): Buffer {
  const chunks = parts.map((part) => {
    const disposition = `form-data; name="${part.name.replaceAll('"', "%22")}"${part.filename === undefined ? "" : `; filename="${part.filename}"`}`;
    const type = part.filename === undefined ? "" : "Content-Type: application/octet-stream\r\n";
    return `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n${part.value}\r\n`;
  });
  return utf8(`${chunks.join("")}--${boundary}--\r\n`);
}

const boundary = fc.stringMatching(/^[A-Za-z0-9'()+_,.-]{1,60}$/).map((text) => `b${text}`);

function asParts(fields: Record<string, unknown>): Part[] {
  return Object.entries(fields).map(([name, value]) => ({
    name,
    value: typeof value === "string" ? value : JSON.stringify(value),
  }));
}

/** Form bodies built around invalid fields: url-encoded, multipart, with files, broken, mislabelled. */
function hostileFormBodies(
  invalidFields: fc.Arbitrary<{ fields: Record<string, unknown>; label: string }>,
  validFields: Record<string, string>,
  limit: number,
) {
  const formTypes = [
    "application/x-www-form-urlencoded",
    "application/x-www-form-urlencoded; charset=UTF-8",
    "Application/X-WWW-Form-Urlencoded",
  ];
  return fc.oneof(
    fc.tuple(invalidFields, fc.constantFrom(...formTypes)).map(([{ fields, label }, type]) => ({
      label: `url-encoded ${label}`,
      contentType: type,
      body: urlEncoded(fields),
    })),
    fc.tuple(invalidFields, boundary, fc.boolean()).map(([{ fields, label }, mark, asFiles]) => ({
      label: `multipart ${label}${asFiles ? " as files" : ""}`,
      contentType: `multipart/form-data; boundary=${mark}`,
      body: multipart(
        asParts(fields).map((part) => (asFiles ? { ...part, filename: "note.txt" } : part)),
        mark,
      ),
    })),
    // Odd encodings: a charset nobody sends, broken percent-escapes, raw bytes.
    fc.tuple(invalidFields, fc.constantFrom("utf-16", "x-unknown", "latin1")).map(([{ fields, label }, charset]) => ({
      label: `${label} labelled ${charset}`,
      contentType: `application/x-www-form-urlencoded; charset=${charset}`,
      body: urlEncoded(fields),
    })),
    fc
      .tuple(invalidFields, fc.constantFrom("%", "%zz", "%FF%FE", "%C3%28", "&&==&", "%00"))
      .map(([{ fields, label }, junk]) => ({
        label: `${label} with ${junk}`,
        contentType: "application/x-www-form-urlencoded",
        body: Buffer.concat([urlEncoded(fields), utf8(`&x_junk=${junk}`)]),
      })),
    // Broken multipart: no boundary, the wrong boundary, cut short, no closing line.
    fc
      .tuple(invalidFields, boundary, fc.constantFrom("none", "wrong", "cut", "unclosed", "garbage"))
      .map(([{ fields }, mark, breakage]) => {
        const whole = multipart(asParts(fields), mark);
        const body =
          breakage === "cut"
            ? whole.subarray(0, Math.floor(whole.length / 2))
            : breakage === "unclosed"
              ? whole.subarray(0, whole.length - mark.length - 6)
              : breakage === "garbage"
                ? utf8("not multipart at all")
                : whole;
        const type =
          breakage === "none"
            ? "multipart/form-data"
            : breakage === "wrong"
              ? `multipart/form-data; boundary=other${mark}`
              : `multipart/form-data; boundary=${mark}`;
        return { label: `multipart ${breakage}`, contentType: type, body };
      }),
    // A valid form in a content type the endpoint does not take.
    fc
      .constantFrom(undefined, "application/json", "text/plain", "text/html", "application/octet-stream", "")
      .map((type) => ({
        label: `valid form as ${type ?? "no type"}`,
        contentType: type,
        body: type === "application/json" ? utf8(JSON.stringify(validFields)) : urlEncoded(validFields),
      })),
    randomBytes(2048).chain((body) =>
      fc
        .constantFrom(...formTypes, "multipart/form-data; boundary=x")
        .map((type) => ({ label: "random bytes", contentType: type, body })),
    ),
    fc.integer({ min: limit + 1, max: requestLimits.anyBody }).map((size) => ({
      label: `padded to ${size} bytes`,
      contentType: "application/x-www-form-urlencoded",
      body: urlEncoded({ ...validFields, x_pad: "p".repeat(size) }),
    })),
  );
}

/** Bodies for the /contact form without JavaScript. */
export function hostileContactFormBodies(marker: string, limitBytes: number): fc.Arbitrary<HostileBody> {
  const invalid = invalidMessage(marker, textMutation).map(({ message, change }) => ({
    fields: message,
    label: `${change.kind} ${change.field}`,
  }));
  return hostileFormBodies(invalid, validMessage(marker), limitBytes);
}

/** Bodies for the embed-consent form, whose one field is `choice`. */
export function hostileConsentBodies(limitBytes: number): fc.Arbitrary<HostileBody> {
  const choice = fc.option(
    fc.string({ unit: "binary", maxLength: 20 }).filter((value) => value !== "granted" && value !== "denied"),
    { nil: undefined },
  );
  const invalid = fc.tuple(choice, extras).map(([value, extra]) => ({
    fields: value === undefined ? extra : { choice: value, ...extra },
    label: value === undefined ? "no choice" : "a choice that is neither",
  }));
  return hostileFormBodies(invalid, { choice: "granted" }, limitBytes);
}

/** Bodies of 1 MB to 5 MB: what the Worker must refuse before reading them through. */
/** What a large body is made of: padding in a field, nesting, raw bytes, or a multipart file. */
export const largeBodyShapes = ["padded", "deep", "bytes", "multipart"] as const;
export type LargeBodyShape = (typeof largeBodyShapes)[number];

export function largeBodies(
  kind: "json" | "form",
  shapes: readonly LargeBodyShape[] = largeBodyShapes,
): fc.Arbitrary<LargeBody> {
  return fc
    .tuple(fc.integer({ min: megabyte, max: 5 * megabyte }), fc.constantFrom(...shapes))
    .map(([size, shape]) => ({
      label: `${shape} ${(size / megabyte).toFixed(1)} MB`,
      size,
      contentType:
        shape === "multipart"
          ? "multipart/form-data; boundary=big"
          : kind === "json"
            ? "application/json"
            : "application/x-www-form-urlencoded",
      build: () => {
        if (shape === "deep") return Buffer.alloc(size, "[");
        if (shape === "bytes") return Buffer.alloc(size, 0xfe);
        const head =
          shape === "multipart"
            ? '--big\r\nContent-Disposition: form-data; name="message"; filename="a.bin"\r\n\r\n'
            : kind === "json"
              ? '{"message":"'
              : "message=";
        const body = Buffer.alloc(size, "a");
        body.write(head);
        return body;
      },
    }));
}
