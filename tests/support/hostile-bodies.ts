import fc from "fast-check";
import { requestLimits } from "../../src/config/request-limits";

/**
 * Generated POST bodies that no endpoint may accept: broken or oddly encoded JSON and forms, wrong
 * and missing content types, wrong value types, missing and overlong fields, deep nesting, broken
 * multipart, and bodies past each endpoint's size limit. They are built from an endpoint's
 * description (tests/support/hostile-endpoints.ts), so every endpoint is attacked the same way and
 * a new one needs only its description. Every body built from a valid one keeps the run's marker in
 * each text field it keeps, so a stored one would be found by the marker.
 *
 * Large bodies (1 MB to 5 MB) are described, not built, until they are sent.
 */

export interface HostileBody {
  label: string;
  contentType?: string;
  body: Buffer;
  /**
   * The one field this body gets wrong, when nothing else about it is wrong: a JSON endpoint's 400
   * must name it, so a refusal is one the sender can act on.
   */
  field?: string;
}

export interface LargeBody {
  label: string;
  contentType?: string;
  size: number;
  build: () => Buffer;
}

export interface FieldRule {
  /** Whether a body without the field must be refused. */
  required: boolean;
  /**
   * Values the endpoint must refuse in this field. A form's are text; a JSON endpoint must also
   * refuse any value of another JSON type than the valid body's, which is generated, not listed.
   */
  bad?: fc.Arbitrary<unknown>;
}

/** One POST endpoint, as much of it as the generator needs. */
export interface Endpoint {
  path: string;
  /** JSON for the API, form fields for a page's post without JavaScript. */
  body: "json" | "form";
  /** Its own body limit, tighter than `requestLimits.anyBody`. */
  limit: number;
  /** A body it takes, with the marker in every text a customer types. A form's values are text. */
  valid: (marker: string) => Record<string, unknown>;
  /** Every field a rule applies to; each must be in the valid body. */
  fields: Record<string, FieldRule>;
}

const megabyte = 1024 * 1024;

/** Extra fields, never named like a real one, that must be ignored. */
const extras = fc.dictionary(
  fc.string({ unit: "binary", maxLength: 12 }).map((key) => `x_${key}`),
  fc.jsonValue({ maxDepth: 3 }),
  { maxKeys: 4 },
);

type Mutation = { kind: "missing"; field: string } | { kind: "bad" | "type"; field: string; value: unknown };

function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

/** JSON values of any type but `like`'s. NaN and the infinities are sent as null, also not a number. */
function unlike(like: unknown): fc.Arbitrary<unknown> {
  const wanted = jsonType(like);
  return fc
    .oneof(
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.string({ maxLength: 12 }),
      fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
      fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
    )
    .filter((value) => jsonType(value) !== wanted);
}

/** One field missing, holding a value its rule refuses, or (JSON) holding a value of another type. */
function mutations(endpoint: Endpoint): fc.Arbitrary<Mutation> {
  const rules = Object.entries(endpoint.fields);
  const required = rules.filter(([, rule]) => rule.required).map(([field]) => field);
  const withBad = rules.flatMap(([field, rule]) => (rule.bad ? [{ field, bad: rule.bad }] : []));
  const sample = endpoint.valid("sample");
  const arms: fc.Arbitrary<Mutation>[] = [];
  if (required.length > 0)
    arms.push(fc.constantFrom(...required).map((field): Mutation => ({ kind: "missing", field })));
  if (withBad.length > 0) {
    arms.push(
      fc
        .constantFrom(...withBad)
        .chain(({ field, bad }) => bad.map((value): Mutation => ({ kind: "bad", field, value }))),
    );
  }
  if (endpoint.body === "json") {
    arms.push(
      fc
        .constantFrom(...rules.map(([field]) => field))
        .chain((field) => unlike(sample[field]).map((value): Mutation => ({ kind: "type", field, value }))),
    );
  }
  return fc.oneof(...arms);
}

/** A body the endpoint refuses for one field, with extra fields that cannot make up for it. */
function invalidBody(endpoint: Endpoint, marker: string) {
  return fc.tuple(mutations(endpoint), extras).map(([change, extra]) => {
    const fields: Record<string, unknown> = { ...extra, ...endpoint.valid(marker) };
    if (change.kind === "missing") delete fields[change.field];
    else fields[change.field] = change.value;
    return { fields, change };
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

/** Deep nesting, a few levels to a hundred thousand, at the top or inside a real field. */
function deepJson(field: string) {
  return fc
    .integer({ min: 1, max: 100_000 })
    .chain((depth) =>
      fc.constantFrom(
        "[".repeat(depth) + "]".repeat(depth),
        '{"a":'.repeat(depth) + "1" + "}".repeat(depth),
        `{${JSON.stringify(field)}:${"[".repeat(depth)}${"]".repeat(depth)}}`,
        "[".repeat(depth),
      ),
    );
}

function randomBytes(maxLength: number) {
  return fc.uint8Array({ minLength: 0, maxLength }).map((bytes) => Buffer.from(bytes));
}

function hostileJsonBodies(endpoint: Endpoint, marker: string): fc.Arbitrary<HostileBody> {
  const invalid = invalidBody(endpoint, marker);
  const valid = JSON.stringify(endpoint.valid(marker));
  return fc.oneof(
    invalid.chain(({ fields, change }) =>
      fc.constantFrom(...jsonTypes).map((type) => ({
        label: `invalid ${change.kind} ${change.field}`,
        contentType: type,
        body: utf8(JSON.stringify(fields)),
        field: change.field,
      })),
    ),
    // Odd encodings of an invalid body: UTF-16, a byte-order mark, Latin-1, stray bytes.
    fc.tuple(invalid, fc.constantFrom("utf16le", "bom", "latin1", "stray")).map(([{ fields }, encoding]) => {
      const text = JSON.stringify(fields);
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
    // A valid body in any other content type.
    fc.constantFrom(...wrongJsonTypes).map((type) => ({
      label: `valid body as ${type ?? "no type"}`,
      contentType: type,
      body: utf8(valid),
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
    deepJson(Object.keys(endpoint.fields)[0]!).map((text) => ({
      label: `deep JSON (${text.length} bytes)`,
      contentType: "application/json",
      body: utf8(text),
    })),
    fc.integer({ min: 1, max: valid.length - 1 }).map((cut) => ({
      label: "truncated JSON",
      contentType: "application/json",
      body: utf8(valid.slice(0, cut)),
    })),
    randomBytes(2048).map((body) => ({ label: "random bytes", contentType: "application/json", body })),
    fc.integer({ min: endpoint.limit + 1, max: requestLimits.anyBody }).map((size) => ({
      label: `padded to ${size} bytes`,
      contentType: "application/json",
      body: utf8(JSON.stringify({ ...endpoint.valid(marker), x_pad: "p".repeat(size) })),
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
function hostileFormBodies(endpoint: Endpoint, marker: string): fc.Arbitrary<HostileBody> {
  const invalidFields = invalidBody(endpoint, marker).map(({ fields, change }) => ({
    fields,
    label: `${change.kind} ${change.field}`,
  }));
  const validFields = endpoint.valid(marker);
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
    fc.integer({ min: endpoint.limit + 1, max: requestLimits.anyBody }).map((size) => ({
      label: `padded to ${size} bytes`,
      contentType: "application/x-www-form-urlencoded",
      body: urlEncoded({ ...validFields, x_pad: "p".repeat(size) }),
    })),
  );
}

/** Bodies `endpoint` must refuse, marked with `marker` wherever a valid body's text survives. */
export function hostileBodies(endpoint: Endpoint, marker: string): fc.Arbitrary<HostileBody> {
  return endpoint.body === "json" ? hostileJsonBodies(endpoint, marker) : hostileFormBodies(endpoint, marker);
}

/** What a large body is made of: padding in a field, nesting, raw bytes, or a multipart file. */
export const largeBodyShapes = ["padded", "deep", "bytes", "multipart"] as const;
export type LargeBodyShape = (typeof largeBodyShapes)[number];

/** Bodies of 1 MB to 5 MB: what the Worker must refuse before reading them through. */
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
